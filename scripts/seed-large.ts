// Not from @payloadcms/db-postgres: importing that before Payload starts leaves a fresh
// database's migrations hanging under tsx.
import { sql } from 'drizzle-orm'
import type { Payload } from 'payload'

import { RESOURCE_TYPES, REVIEW_CRITERIA } from '@/lib/resourceTypes'
import { seed } from '@/seed'
import { DEMO_PASSWORD } from '@/seed/users'
import { runSql } from '@/server/sql/run'

import { withPayload } from './lib/withPayload'

/**
 * `npm run seed:large`: a realistic large data set for benchmarks, generated inside PostgreSQL
 * (generate_series, set-based INSERT … SELECT), so 200,000 reviews take seconds, not hours.
 * Counts: SEED_USERS (20,000), SEED_RESOURCES (10,000), SEED_REVIEWS (200,000). Generated rows
 * are marked (`bulk-` logins, `bulk-` slugs); SEED_RESET=1 removes earlier ones first.
 * Every generated user signs in with the demo password.
 */
const USERS = Number(process.env.SEED_USERS || 20_000)
const RESOURCES = Number(process.env.SEED_RESOURCES || 10_000)
const REVIEWS = Number(process.env.SEED_REVIEWS || 200_000)

const COUNTRIES = [
  'RU',
  'UA',
  'BY',
  'KZ',
  'UZ',
  'AM',
  'GE',
  'EE',
  'LV',
  'LT',
  'DE',
  'US',
  'GB',
  'NL',
  'TR',
]
const WORDS_EN = [
  'Crypto',
  'Bazaar',
  'Market',
  'Trade',
  'Swift',
  'Coin',
  'Silver',
  'North',
  'Prime',
  'Urban',
  'Green',
  'Digital',
  'Smart',
  'Golden',
  'Rapid',
  'Blue',
  'Open',
  'Royal',
  'Bright',
  'Star',
]
const WORDS_RU = [
  'Крипто',
  'Базар',
  'Рынок',
  'Торг',
  'Свифт',
  'Монета',
  'Серебро',
  'Север',
  'Прайм',
  'Город',
  'Зелёный',
  'Цифра',
  'Умный',
  'Золото',
  'Быстро',
  'Синий',
  'Открытый',
  'Королевский',
  'Яркий',
  'Звезда',
]
const NOUNS_EN: Record<string, string> = {
  marketplace: 'Marketplace',
  shop: 'Shop',
  forum: 'Forum',
  exchanger: 'Exchange',
}
const NOUNS_RU: Record<string, string> = {
  marketplace: 'Маркет',
  shop: 'Магазин',
  forum: 'Форум',
  exchanger: 'Обменник',
}
const COMMENTS = [
  'Всё прошло быстро, поддержка ответила за пять минут.',
  'Fast payout, friendly support, would use again.',
  'Цены выше, чем у конкурентов, но доставка надёжная.',
  'The site was down twice this week, otherwise fine.',
  'Пользуюсь второй год, ни одной проблемы.',
  'Prices are fair and the interface is clear.',
  'Долго ждал ответа от модераторов.',
  'Great community, lots of helpful answers.',
]

const timed = async (label: string, task: () => Promise<unknown>) => {
  const started = performance.now()
  await task()
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const textArray = (values: string[]) =>
  sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`)

const generate = async (payload: Payload) => {
  const run = (query: ReturnType<typeof sql>) => runSql({ payload, query })
  const { rows } = await run(sql`SELECT count(*)::int AS n FROM users WHERE username LIKE 'bulk-%'`)
  if ((rows[0] as { n: number }).n > 0) {
    if (process.env.SEED_RESET !== '1') {
      console.error('Generated data is already there; run with SEED_RESET=1 to replace it.')
      process.exit(1)
    }
    await timed('removing the earlier data set', async () => {
      await run(sql`DELETE FROM resources WHERE slug LIKE 'bulk-%'`)
      await run(sql`DELETE FROM users WHERE username LIKE 'bulk-%'`)
    })
  }

  // One real account gives the password hash every generated user shares.
  await seed({ payload })
  const template = (await run(sql`SELECT hash, salt FROM users WHERE username = 'user'`))
    .rows[0] as { hash: string; salt: string }
  if (!template) throw new Error(`The demo user (password ${DEMO_PASSWORD}) is missing`)

  await timed(`${USERS} users`, () =>
    run(sql`
      INSERT INTO users (username, email, display_name, name, role, status, two_factor, auth_provider, hash, salt, created_at, updated_at)
      SELECT 'bulk-user-' || n, 'bulk-user-' || n || '@example.com', 'Reader ' || n, 'Reader ' || n,
             'user', 'verified', 'none', 'email', ${template.hash}, ${template.salt},
             now() - (n % 700) * interval '1 day', now()
      FROM generate_series(1, ${USERS}) AS n`),
  )

  const types = RESOURCE_TYPES.map(({ type }) => type)
  await timed(`${RESOURCES} resources`, async () => {
    await run(sql`
      INSERT INTO resources (type, slug, country, status, verified, rating_average, review_count, created_at, updated_at)
      SELECT (${textArray(types)})[1 + n % 4]::enum_resources_type,
             'bulk-' || n,
             (${textArray(COUNTRIES)})[1 + (n * 7) % ${COUNTRIES.length}],
             CASE WHEN n % 10 = 0 THEN 'pending' ELSE 'published' END::enum_resources_status,
             n % 5 = 0, 0, 0,
             now() - (n % 730) * interval '1 day', now()
      FROM generate_series(1, ${RESOURCES}) AS n`)
    // Titles combine two words and the type; the number keeps every title distinct.
    for (const [locale, words, nouns] of [
      ['ru', WORDS_RU, NOUNS_RU],
      ['en', WORDS_EN, NOUNS_EN],
    ] as const) {
      await run(sql`
        INSERT INTO resources_locales (_parent_id, _locale, title, anons, description, search_text)
        SELECT r.id, ${locale}::_locales, t.title, t.anons,
               jsonb_build_object('root', jsonb_build_object('type', 'root', 'version', 1, 'format', '', 'indent', 0, 'direction', 'ltr',
                 'children', jsonb_build_array(jsonb_build_object('type', 'paragraph', 'version', 1, 'format', '', 'indent', 0, 'direction', 'ltr', 'textFormat', 0, 'textStyle', '',
                   'children', jsonb_build_array(jsonb_build_object('type', 'text', 'version', 1, 'text', t.body, 'format', 0, 'style', '', 'mode', 'normal', 'detail', 0)))))),
               t.title || E'\n' || t.anons || E'\n' || t.body
        FROM resources r
        CROSS JOIN LATERAL (
          SELECT
            (${textArray([...words])})[1 + r.id % 20] || ' ' || (${textArray([...words])})[1 + (r.id / 20) % 20] || ' '
              || (${sql.raw(
                `jsonb_build_object(${Object.entries(nouns)
                  .map(([k, v]) => `'${k}','${v}'`)
                  .join(',')})`,
              )} ->> r.type::text) || ' ' || r.id AS title,
            ${locale === 'ru' ? 'Надёжный сервис с отзывами пользователей' : 'A trusted service reviewed by its users'} AS anons,
            ${locale === 'ru' ? 'Работаем с 2015 года. Быстрая поддержка и честные условия.' : 'In business since 2015. Fast support and fair terms.'} AS body
        ) t
        WHERE r.slug LIKE 'bulk-%'`)
    }
    await run(sql`
      INSERT INTO resources_links (_order, _parent_id, id, url)
      SELECT 1, id, md5(random()::text || id), 'https://' || slug || '.example.com' FROM resources WHERE slug LIKE 'bulk-%'
      UNION ALL
      SELECT 2, id, md5(random()::text || id || 'm'), 'https://mirror.' || slug || '.example.com' FROM resources WHERE slug LIKE 'bulk-%' AND id % 3 = 0`)
  })

  // Popularity follows a power law: a few resources collect hundreds of reviews, most a few.
  // Each review gets a distinct (resource, author) pair; grades lean towards 4 and 5.
  await timed(`${REVIEWS} reviews`, () =>
    run(sql`
      WITH published AS (
        SELECT id, type, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS total
        FROM resources WHERE slug LIKE 'bulk-%' AND status = 'published'
      ),
      authors AS (
        SELECT id, row_number() OVER (ORDER BY id) AS k, count(*) OVER () AS total
        FROM users WHERE username LIKE 'bulk-user-%'
      ),
      picks AS (
        SELECT n,
               1 + floor((SELECT max(total) FROM published) * power(random(), 2.5))::int AS resource_k,
               1 + (n * 7919) % (SELECT max(total) FROM authors) AS author_k,
               random() AS g
        FROM generate_series(1, ${Math.round(REVIEWS * 1.15)}) AS n
      )
      INSERT INTO reviews (resource_id, author_id, grade, comment, criteria, status, created_at, updated_at)
      SELECT DISTINCT ON (p.id, a.id) p.id, a.id,
             CASE WHEN picks.g < 0.05 THEN 1 WHEN picks.g < 0.12 THEN 2 WHEN picks.g < 0.25 THEN 3 WHEN picks.g < 0.55 THEN 4 ELSE 5 END,
             (${textArray(COMMENTS)})[1 + picks.n % ${COMMENTS.length}],
             CASE p.type::text ${sql.raw(
               Object.entries(REVIEW_CRITERIA)
                 .map(
                   ([type, keys]) =>
                     `WHEN '${type}' THEN jsonb_build_object(${keys
                       .slice(0, 2)
                       .map((key, i) => `'${key}', 1 + (picks.n + ${i}) % 5`)
                       .join(', ')})`,
                 )
                 .join(' '),
             )} END,
             CASE WHEN picks.n % 33 = 0 THEN 'hidden' ELSE 'published' END::enum_reviews_status,
             now() - (picks.n % 700) * interval '1 day' - (picks.n % 86400) * interval '1 second', now()
      FROM picks
      JOIN published p ON p.k = picks.resource_k
      JOIN authors a ON a.k = picks.author_k
      ORDER BY p.id, a.id
      LIMIT ${REVIEWS}
      ON CONFLICT (resource_id, author_id) DO NOTHING`),
  )

  // The same aggregates the review hooks keep, for every generated resource at once.
  await timed('rating aggregates', () =>
    run(sql`
      UPDATE resources SET
        review_count = coalesce(agg.count, 0),
        rating_average = coalesce(agg.average, 0),
        rating_distribution = coalesce(agg.distribution, '{"1":0,"2":0,"3":0,"4":0,"5":0}'::jsonb),
        criteria_averages = coalesce(crit.criteria, '{}'::jsonb)
      FROM resources r
      LEFT JOIN (
        SELECT resource_id, count(*)::int AS count, round(avg(grade)::numeric, 2) AS average,
               jsonb_build_object('1', count(*) FILTER (WHERE grade = 1), '2', count(*) FILTER (WHERE grade = 2),
                 '3', count(*) FILTER (WHERE grade = 3), '4', count(*) FILTER (WHERE grade = 4),
                 '5', count(*) FILTER (WHERE grade = 5)) AS distribution
        FROM reviews WHERE status = 'published' GROUP BY resource_id
      ) agg ON agg.resource_id = r.id
      LEFT JOIN (
        SELECT resource_id, jsonb_object_agg(key, average) AS criteria FROM (
          SELECT rv.resource_id, c.key, round(avg(c.value::numeric), 2) AS average
          FROM reviews rv, jsonb_each_text(rv.criteria) c
          WHERE rv.status = 'published' GROUP BY rv.resource_id, c.key
        ) per_key GROUP BY resource_id
      ) crit ON crit.resource_id = r.id
      WHERE resources.id = r.id AND r.slug LIKE 'bulk-%'`),
  )
  await timed('analyze', () => run(sql`ANALYZE`))

  const counts = (
    await run(sql`SELECT (SELECT count(*) FROM users)::int AS users,
                         (SELECT count(*) FROM resources)::int AS resources,
                         (SELECT count(*) FROM reviews)::int AS reviews`)
  ).rows[0]
  console.log('now in the database:', counts)
}

await withPayload(generate)
process.exit(0)
