import type pg from 'pg'

// The analytics bench's data (bench/analytics.ts): a year of rows, as the flushes and roll-up write them.

/**
 * A year of plausible daily rows for every resource, in one statement: each resource gets a
 * popularity (a power law: a few get hundreds of views a day, most a handful), each day varies
 * around it; clicks, favorites, reviews and their grades, votes and reports follow the views.
 */
export const fillResourceDays = (client: pg.Client, days: number) =>
  client.query(`
    WITH popularity AS MATERIALIZED (
      SELECT id, 1 + 400 * power(random(), 4) AS level FROM resources
    ), base AS (
      SELECT p.id, d::date AS day, floor(p.level * (0.3 + 1.4 * random()))::int AS views,
             random() AS a, random() AS b
      FROM popularity p
      CROSS JOIN generate_series(
        (now() AT TIME ZONE 'UTC')::date - ${days - 1}, (now() AT TIME ZONE 'UTC')::date, interval '1 day'
      ) AS d
      -- Day after day, as the flushes write them: a day's rows lie together, as in production.
      ORDER BY d, p.id
    ), counted AS (
      SELECT *, floor(views * b / 60)::int AS reviews FROM base
    )
    INSERT INTO analytics_resource_days (resource_id, day, views, visitors, site_clicks,
      mirror_clicks, favorites_added, favorites_removed, reviews, grade_1, grade_2, grade_3,
      grade_4, grade_5, helpful_votes, reports)
    SELECT id, day, views, floor(views * (0.55 + 0.35 * a))::int, floor(views * 0.12 * b)::int,
           floor(views * 0.03 * a)::int, floor(views * 0.02 * a)::int, floor(views * 0.005 * b)::int,
           reviews, floor(reviews * 0.05)::int, floor(reviews * 0.07)::int, floor(reviews * 0.13)::int,
           floor(reviews * 0.3)::int,
           reviews - floor(reviews * 0.05)::int - floor(reviews * 0.07)::int
             - floor(reviews * 0.13)::int - floor(reviews * 0.3)::int,
           floor(reviews * 2 * a)::int, (a < 0.01)::int
    FROM counted`)

/**
 * The site's days of the same year: views, visitors and clicks are the resources' sums (as the
 * flushes add them), registrations and reviews what the generated data holds; the rest (comments,
 * chat, tickets, verification and their times) plausible random figures, as the roll-up job
 * would store them.
 */
export const fillSiteDays = (client: pg.Client) =>
  client.query(`
    WITH traffic AS (
      SELECT day, sum(views)::int AS views, sum(visitors)::int AS visitors,
             sum(site_clicks + mirror_clicks)::int AS clicks
      FROM analytics_resource_days GROUP BY day
    ), joined AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM users GROUP BY 1
    ), reviewed AS (
      SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM reviews GROUP BY 1
    )
    INSERT INTO analytics_site_days (day, registrations, active_users, reviews, comments,
      chat_messages, resources_by_type, resources_by_status, tickets_opened, tickets_open,
      first_answer_seconds, verification_by_status, decision_seconds, views, visitors, clicks,
      built_at)
    SELECT t.day, coalesce(j.n, 0), 200 + floor(random() * 400)::int, coalesce(r.n, 0),
           floor(random() * 80)::int, floor(random() * 300)::int,
           jsonb_build_object('marketplace', floor(random() * 4), 'shop', floor(random() * 6),
             'forum', floor(random() * 2), 'exchanger', floor(random() * 3)),
           jsonb_build_object('pending', floor(random() * 5), 'published', floor(random() * 10),
             'rejected', floor(random() * 2)),
           floor(random() * 12)::int, 5 + floor(random() * 20)::int,
           ARRAY(SELECT 600 + floor(random() * 30000)::int FROM generate_series(1, 1 + (t.day - '2000-01-01'::date) % 8)),
           jsonb_build_object('pending', floor(random() * 3), 'approved', floor(random() * 3),
             'rejected', floor(random() * 2)),
           ARRAY(SELECT 3600 + floor(random() * 200000)::int FROM generate_series(1, (t.day - '2000-01-01'::date) % 4)),
           t.views, t.visitors, t.clicks, now()
    FROM traffic t LEFT JOIN joined j USING (day) LEFT JOIN reviewed r USING (day)`)

/**
 * The finished months' sums per resource, as the roll-up job builds them (rollUpResourceMonths):
 * every month of the year that ended two days ago or earlier, marked built.
 */
export const fillMonths = (client: pg.Client, days: number) =>
  client.query(`
    WITH months AS (
      SELECT m::date AS month FROM generate_series(
        date_trunc('month', (now() AT TIME ZONE 'UTC')::date - ${days}),
        date_trunc('month', (now() AT TIME ZONE 'UTC')::date - 2) - interval '1 month',
        interval '1 month') AS m
    ), marked AS (
      INSERT INTO analytics_months_built (month) SELECT month FROM months RETURNING month
    )
    INSERT INTO analytics_resource_months (resource_id, month, views, reviews)
    SELECT resource_id, date_trunc('month', day)::date, sum(views), sum(reviews)
    FROM analytics_resource_days
    WHERE date_trunc('month', day)::date IN (SELECT month FROM marked)
    GROUP BY 1, 2`)

/** An owner account (verified, the demo password) given the first `owned` published generated resources. */
export const makeOwner = async (client: pg.Client, owned: number) => {
  const { rows } = await client.query<{ id: number }>(
    `INSERT INTO users (username, email, display_name, name, role, status, two_factor, auth_provider, hash, salt, created_at, updated_at)
     SELECT 'bench-owner', 'bench-owner@example.com', 'Bench Owner', 'Bench Owner', 'owner', 'verified',
            'none', 'email', hash, salt, now(), now()
     FROM users WHERE username = 'user' RETURNING id`,
  )
  const owner = rows[0].id
  const given = await client.query(
    `UPDATE resources SET owner_id = $1 WHERE id IN (
       SELECT id FROM resources WHERE slug LIKE 'bulk-%' AND status = 'published' ORDER BY id LIMIT ${owned})`,
    [owner],
  )
  if (given.rowCount !== owned) throw new Error(`the owner got ${given.rowCount} resources`)
}
