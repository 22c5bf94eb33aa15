/**
 * Works around a leak of Next 16 and React's server renderer (vercel/next.js#96279, #97434,
 * react/react#37288): every render aborts controllers with an Error (or Node's DOMException) as
 * the reason, nobody reads its stack, and V8 keeps the stack's frames, which hold the render's
 * closures and, through them, the page's whole RSC payload. Each page rendered stayed in memory
 * for good (0.2 MB and more), so a server that renders many distinct pages grew without bound.
 * Reading the stack once turns it into a string and lets V8 drop the frames.
 */
export const releaseAbortReasonStacks = () => {
  const abort = AbortController.prototype.abort
  AbortController.prototype.abort = function (this: AbortController, reason?: unknown) {
    abort.call(this, reason)
    const settled: unknown = this.signal.reason
    if (settled instanceof Error) void settled.stack
  }
}
