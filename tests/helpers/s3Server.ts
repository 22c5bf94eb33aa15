import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { S3 } from '@aws-sdk/client-s3'
import S3rver from 's3rver'

/** s3rver's one account: it takes any signature made with it. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

/** What the app asked of the store: each request's method, path and ACL header, if any. */
export type S3Request = { method: string; path: string; acl?: string }

/**
 * A local S3-compatible store (s3rver) on a free loopback port, over a fresh temporary folder,
 * with `bucket` made. Its requests are recorded on their way in, so a test can tell what the app
 * asked for. `env` configures the app for it; `client` reads the bucket as an operator would.
 */
export const startS3Server = async ({ bucket }: { bucket: string }) => {
  const directory = mkdtempSync(path.join(tmpdir(), 'obzor-s3-'))
  const store = new S3rver({
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  await store.configureBuckets()
  const requests: S3Request[] = []
  const handle = store.callback()
  const server = createServer((request, response) => {
    const acl = request.headers['x-amz-acl']
    requests.push({
      method: request.method ?? '',
      path: request.url ?? '',
      ...(acl ? { acl: String(acl) } : {}),
    })
    handle(request, response)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const client = new S3({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS })
  return {
    endpoint,
    requests,
    client,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    },
    /** The keys in the bucket under `prefix`, sorted. */
    keys: async (prefix = '') =>
      ((await client.listObjectsV2({ Bucket: bucket, Prefix: prefix })).Contents ?? [])
        .map((object) => object.Key ?? '')
        .sort(),
    close: async () => {
      client.destroy()
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>
