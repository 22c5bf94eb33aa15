import { readdirSync } from 'node:fs'

/**
 * The parts of the house and which may import which (ARCHITECTURE.md, "Which part may import
 * which"), as zones of `import/no-restricted-paths`: a zone's `target` may not import its `from`.
 * Paths are from the root. A part's own files, and src/lib (pure code both sides run), are always
 * allowed. Each zone has an id, which ARCHITECTURE.md's "Rules and the checks that hold them" names.
 */
const SITE = ['./src/app', './src/components']
/** Payload's shell (the admin's layout, its routes and import map), which Next serves. */
const ADMIN_LAYOUT = './src/app/(payload)'
/** The site's files: src/app but Payload's shell (its files and other folders), the components. */
const SITE_PAGES = [
  './src/app/*.*',
  ...readdirSync('src/app')
    .filter((name) => `./src/app/${name}` !== ADMIN_LAYOUT)
    .map((name) => `./src/app/${name}`),
  './src/components',
]
const PAYLOAD = ['./access', './collections', './endpoints', './hooks']
/**
 * The config and the parts of it that stand alone (config/). Importing it from inside its own graph
 * would make a cycle; src/data reaches it through getPayload.
 */
const CONFIG = ['./payload.config.ts', './config']
/** The calls' declarations, shared by the API (its schemas) and the browser (their types). */
const API = './src/api'
/** The Payload admin's own components, which Payload loads by their path (the import map). */
const ADMIN = './src/components/admin'
const PROXY = './src/proxy.ts'
const EDGE = [PROXY, './src/routes.ts']
const SEED = './src/seed'
/** What no part of the app imports: the edge and the demo content stand outside it. */
const OUTSIDE = [...EDGE, SEED]

/** Every part, for the zones that say "nothing but …". */
const EVERY_PART = [
  ...SITE_PAGES,
  ...PAYLOAD,
  ...CONFIG,
  './src/data',
  './src/client',
  './src/server',
  './src/lib',
  './src/i18n',
  API,
  SEED,
  ...EDGE,
]

export const zones = {
  config: {
    target: CONFIG,
    from: ['./access', './src/data', './src/client', './src/i18n', API, ...OUTSIDE, ...SITE],
    message:
      'The config wires collections, endpoints, hooks and server helpers; the site reads it through src/data.',
  },
  edge: {
    target: EDGE,
    from: [...PAYLOAD, ...CONFIG, './src/data', API, SEED, ...SITE],
    message: 'The proxy routes before any page or call runs: locale, routes and headers only.',
  },
  i18n: {
    target: './src/i18n',
    from: [
      ...PAYLOAD,
      ...CONFIG,
      './src/data',
      './src/server',
      './src/client',
      API,
      ...OUTSIDE,
      ...SITE,
    ],
    message: 'Routing and messages stand below the site and the server, which both use them.',
  },
  seed: {
    target: SEED,
    from: [...PAYLOAD, './src/data', './src/client', API, ...CONFIG, ...EDGE, ...SITE],
    message: 'The demo content is written through the Local API it is given.',
  },
  api: {
    target: API,
    from: [...PAYLOAD, ...CONFIG, './src/client', ...OUTSIDE, ...SITE],
    message:
      "The calls' declarations are shared code: zod, src/lib, src/i18n and the types of the server's shapes.",
  },
  'admin-components': {
    target: [
      './src/app',
      './src/components/*.*',
      './src/components/!(admin)/**',
      ...EVERY_PART.filter((part) => !SITE_PAGES.includes(part)),
    ],
    from: ADMIN,
    message:
      "The admin's components are Payload's to load, by path (collections name them as strings).",
  },
  'admin-layout': {
    target: EVERY_PART,
    from: ADMIN_LAYOUT,
    message: "Payload's shell (src/app/(payload)) is Next's to serve; nothing imports it.",
  },
  site: {
    target: SITE,
    from: PAYLOAD,
    message: 'The site reads through src/data; rules live in access and hooks.',
  },
  'site-outside': {
    target: SITE_PAGES,
    from: [...CONFIG, PROXY, SEED],
    message:
      'The site reads the config through src/data; the proxy and the demo content stand apart.',
  },
  data: {
    target: './src/data',
    from: ['./endpoints', './hooks', './collections', './src/client', API, PROXY, SEED, ...SITE],
    message: 'The read model sits below the API and the site: they import it, not the reverse.',
  },
  client: {
    target: './src/client',
    from: [...PAYLOAD, ...CONFIG, ...OUTSIDE, ...SITE, ADMIN],
    message: 'Browser code stands on its own: the site imports it, not the reverse.',
  },
  'endpoints-views': {
    target: './endpoints',
    from: './src/data',
    except: ['./views'],
    message: 'Endpoints share the read model of src/data/views, which takes their payload and req.',
  },
  endpoints: {
    target: './endpoints',
    from: ['./collections', ...CONFIG, './src/client', ...OUTSIDE, ...SITE],
    message: 'The API works through the Local API of the request, not the configs.',
  },
  collections: {
    target: './collections',
    from: ['./endpoints', API, './src/data', './src/client', ...CONFIG, ...OUTSIDE, ...SITE],
    message:
      'Collections are made of access, hooks and field rules, not of the site or the API (src/api, endpoints).',
  },
  access: {
    target: './access',
    from: [
      './collections',
      './hooks',
      './endpoints',
      './src/data',
      './src/server',
      './src/client',
      './src/i18n',
      API,
      ...CONFIG,
      ...OUTSIDE,
      ...SITE,
    ],
    message:
      'Access predicates decide from the user and the document (src/lib/roles.ts); collections import them.',
  },
  hooks: {
    target: './hooks',
    from: [
      './collections',
      './endpoints',
      API,
      './src/data',
      './src/client',
      ...CONFIG,
      ...OUTSIDE,
      ...SITE,
    ],
    message:
      'Hooks run behind every door and never inside the site or the API (src/api, endpoints).',
  },
  server: {
    target: './src/server',
    from: [...PAYLOAD, ...CONFIG, './src/data', './src/client', API, ...OUTSIDE, ...SITE],
    message: 'Server helpers are the bottom layer: everything server-side imports them.',
  },
  lib: {
    target: './src/lib',
    from: [
      ...PAYLOAD,
      ...CONFIG,
      './src/server',
      './src/data',
      './src/client',
      './src/i18n',
      API,
      ...OUTSIDE,
      ...SITE,
    ],
    message: 'src/lib is pure code that both the browser and the server run.',
  },
}
