import { createCleartextMessage, generateKey, readPrivateKey, sign } from 'openpgp'
import type { Payload } from 'payload'

/** The demo resource whose operators sign its mirror list (issue 31). */
export const SIGNED_DEMO_SLUG = 'bazaar-one'

/** The addresses its demo list signs: its main address; its mirror is left unsigned on purpose. */
export const SIGNED_DEMO_ADDRESSES = ['https://bazaar-one.example.com']

/**
 * Gives the demo resource a key and a signed list, made here with a key pair generated at seed
 * time: no secret is committed, and the private key is dropped once the list is signed. Returns
 * 1 when it signed, 0 when the resource already had a key (or is missing).
 */
export const seedMirrors = async ({ payload }: { payload: Payload }) => {
  const [resource] = (
    await payload.find({
      collection: 'resources',
      where: { slug: { equals: SIGNED_DEMO_SLUG } },
      limit: 1,
      depth: 0,
    })
  ).docs
  if (!resource || resource.pgpKey) return 0
  // Born a minute ago: the list is signed a moment after, never "in the future" of the key.
  const born = new Date(Date.now() - 60_000)
  const pair = await generateKey({
    userIDs: [{ name: 'Bazaar One operators', email: 'security@bazaar-one.example.com' }],
    format: 'armored',
    date: born,
  })
  await payload.update({
    collection: 'resources',
    id: resource.id,
    data: { pgpKey: pair.publicKey },
  })
  const text = [
    'Bazaar One: official addresses',
    `Checked on ${new Date().toISOString().slice(0, 10)}`,
    ...SIGNED_DEMO_ADDRESSES,
    '',
  ].join('\n')
  const message = await sign({
    message: await createCleartextMessage({ text }),
    signingKeys: await readPrivateKey({ armoredKey: pair.privateKey }),
    date: new Date(Date.now() - 30_000),
  })
  await payload.create({
    collection: 'signed-mirror-lists',
    data: { resource: resource.id, message },
  })
  return 1
}
