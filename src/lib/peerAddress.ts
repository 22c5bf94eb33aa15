/**
 * Route handlers cannot see the socket, so the app's own server (scripts/serve.ts) hands them each
 * request's TCP peer address in this header, always overwriting whatever a client sent, and sets
 * the flag below in its environment. Without the flag (the app served some other way, e.g. a bare
 * `next start`) the header may come from the client and is not read.
 */
export const PEER_ADDRESS_HEADER = 'x-obzor-peer-address'

export const PEER_ADDRESS_FLAG = 'OBZOR_PEER_ADDRESS'
