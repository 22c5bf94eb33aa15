import { createServer } from 'node:http'

/**
 * The exchangers' feeds of `npm run bench:rates-fetch`, in a process of their own so that serving
 * them does not take the fetcher's time: FEEDS feeds (`/feeds/{n}.xml`) of DIRECTIONS directions
 * each, over the codes given in CODES (comma-separated), their rates moved by each generation
 * (`POST /generation`), each with an ETag of its generation (a feed asked with it answers 304).
 * Prints its port once it listens.
 */
const codes = process.env.CODES.split(',')
const feeds = Number(process.env.FEEDS)
const directions = Number(process.env.DIRECTIONS)
const pairs = codes.flatMap((from) => codes.filter((to) => to !== from).map((to) => [from, to]))
if (directions > pairs.length) throw new Error(`only ${pairs.length} directions between the codes`)

// Feed n offers `directions` distinct pairs: a stride coprime with their number visits each once.
let stride = 7
while (gcd(stride, pairs.length) !== 1) stride += 2
function gcd(a, b) {
  return b ? gcd(b, a % b) : a
}

let generation = 0
/** The current generation's bodies (a generation clears it). */
const cache = new Map()

const bodyOf = (n) => {
  const key = `${n} ${generation}`
  if (cache.has(key)) return cache.get(key)
  const items = []
  for (let k = 0; k < directions; k += 1) {
    const index = (n * 37 + k * stride) % pairs.length
    const [from, to] = pairs[index]
    const base = 1 + (index % 97) * 13.7
    const out = (base * (1 + 0.001 * ((n + k + generation) % 7))).toFixed(6)
    items.push(
      `<item><from>${from}</from><to>${to}</to><in>1</in><out>${out}</out>` +
        `<amount>${1000 + ((n * k) % 5000)}</amount><minamount>0.01 ${from}</minamount>` +
        `<maxamount>${500 + (k % 50)}</maxamount></item>`,
    )
  }
  const body = Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n${items.join('\n')}\n</rates>\n`,
  )
  cache.set(key, body)
  return body
}

const server = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/generation') {
    generation += 1
    cache.clear()
    return void response.writeHead(200).end(String(generation))
  }
  const match = /^\/feeds\/(\d+)\.xml$/.exec(request.url ?? '')
  const n = match ? Number(match[1]) : -1
  if (n < 0 || n >= feeds) return void response.writeHead(404).end()
  const etag = `"${n}-${generation}"`
  if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end()
  const body = bodyOf(n)
  response
    .writeHead(200, { 'content-type': 'application/xml', 'content-length': body.length, etag })
    .end(body)
})
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
