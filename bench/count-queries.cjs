/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, by necessity */
// Preloaded into the server for the statement count (NODE_OPTIONS=--require): every query any
// pg client sends is counted, and the running total written to BENCH_QUERY_COUNT_FILE. With
// BENCH_QUERY_LOG_FILE each statement's text is appended there too (one line each), to read which
// statements a page sends.
const { appendFileSync, writeFileSync } = require('node:fs')
const pg = require('pg')

const file = process.env.BENCH_QUERY_COUNT_FILE
const log = process.env.BENCH_QUERY_LOG_FILE
let count = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function countedQuery(...args) {
  count += 1
  if (file) writeFileSync(file, String(count))
  if (log) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0]?.text ?? '')
    appendFileSync(log, `${count}\t${text.replace(/\s+/g, ' ').slice(0, 600)}\n`)
  }
  return query.apply(this, args)
}
