export { clientAddress } from '@/server/clientAddress'
export { RATE_LIMITS, consumeAttempt, type LimitName } from '@/server/rateLimit'
