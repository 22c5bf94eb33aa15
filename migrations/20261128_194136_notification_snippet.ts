import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "notifications" ADD COLUMN "snippet" varchar;`)
  // Rows made before notifications kept their snippet take one from the text that is still
  // there and public (a held or hidden review, a hidden comment, a removed message give none),
  // cut as snippetOf (src/lib/notifications.ts) cuts: one line, at most 140 characters with the
  // ellipsis, after the last whole word.
  await db.execute(sql`
   WITH texts AS (
     SELECT n.id, btrim(regexp_replace(CASE n.kind
         WHEN 'new-review' THEN coalesce(nullif(r.comment, ''), r.title)
         WHEN 'review-reply' THEN r.reply_text
         WHEN 'favorite-reply' THEN r.reply_text
         WHEN 'comment-reply' THEN c.text
         WHEN 'chat-mention' THEN m.text
         WHEN 'ticket-answered' THEN t.body
       END, '[[:space:][:cntrl:]]+', ' ', 'g')) AS plain
     FROM "notifications" n
     LEFT JOIN "reviews" r ON r.id = n.review_id AND r.status = 'published'
     LEFT JOIN "comments" c ON c.id = n.comment_id AND c.status = 'published'
     LEFT JOIN "chat_messages" m ON m.id = n.chat_message_id AND m.removed IS NOT TRUE
     LEFT JOIN "ticket_messages" t
       ON n.kind = 'ticket-answered' AND t.id::text = split_part(n.event_key, ':', 2)
     WHERE n.snippet IS NULL
   )
   UPDATE "notifications" n
   SET snippet = CASE
     WHEN length(texts.plain) <= 140 THEN texts.plain
     ELSE left(regexp_replace(
       regexp_replace(left(texts.plain, 140), ' [^ ]*$', ''),
       '[[:space:],;:.!?…—–-]+$', ''
     ), 139) || '…'
   END
   FROM texts
   WHERE texts.id = n.id AND texts.plain <> '';`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "notifications" DROP COLUMN "snippet";`)
}
