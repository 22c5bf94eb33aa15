/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS preload, by necessity */
// Preloaded into the server for the statement count (NODE_OPTIONS=--require): every query any
// pg client sends is counted, and the running total written to BENCH_QUERY_COUNT_FILE.
const { writeFileSync } = require('node:fs')
const pg = require('pg')

const file = process.env.BENCH_QUERY_COUNT_FILE
let count = 0
const query = pg.Client.prototype.query
pg.Client.prototype.query = function countedQuery(...args) {
  count += 1
  if (file) writeFileSync(file, String(count))
  return query.apply(this, args)
}
