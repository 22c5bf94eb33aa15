import { describe, expect, it } from 'vitest'

import type { Locale } from '@/i18n/routing'
import { NOTIFICATION_KINDS, type NotificationKind } from '@/lib/notifications'
import { type SentenceFacts, notificationSentence } from '@/server/notificationWords'

/**
 * Every kind's sentence in both languages (issue 42, item 10): no "(а)" guessing the reader's
 * gender, and every name as it is written, after the noun that names it, never declined after a
 * preposition («о «Садовые беседы»» is not Russian).
 */

const RESOURCE = 'Садовые беседы'
const ARTICLE = 'Как выбрать магазин'
const TICKET = 'Не приходит письмо'
const ACTOR: Record<Locale, string> = { ru: 'Анна', en: 'Anna' }

/** Each kind with every fact its sentences vary by. */
const VARIANTS: Record<NotificationKind, SentenceFacts[]> = {
  'new-review': [{ resource: RESOURCE }],
  'review-reply': [{ resource: RESOURCE }],
  'favorite-reply': [{ resource: RESOURCE }],
  'comment-reply': [
    { article: { collection: 'news', title: ARTICLE } },
    { article: { collection: 'posts', title: ARTICLE } },
  ],
  'ticket-answered': [{ ticket: TICKET, ticketNumber: 5 }],
  'verification-decided': (['approved', 'rejected', 'revoked'] as const).map((decision) => ({
    resource: RESOURCE,
    decision,
  })),
  'favorite-status': ['scam', 'warning', 'closed', 'offline', 'none'].map((status) => ({
    resource: RESOURCE,
    status,
  })),
  'chat-mention': [{}],
}

const BY_SOMEONE = ['new-review', 'review-reply', 'favorite-reply', 'comment-reply', 'chat-mention']

const sentences = (locale: Locale, actor: string | null) =>
  NOTIFICATION_KINDS.flatMap((kind) =>
    VARIANTS[kind].map((facts) => ({
      kind,
      facts,
      text: notificationSentence({ locale, kind, actor, facts }),
    })),
  )

/** A Russian preposition right before a quoted name would ask for the name's declension. */
const PREPOSITION_BEFORE_NAME =
  /(?:^|\s)(?:о|об|обо|к|ко|на|в|во|с|со|у|от|до|для|из|по|при|про|за|над|под|без)\s+[«"“]/iu

describe('notification sentences', () => {
  it('should cover every kind in both languages, every placeholder filled', () => {
    for (const locale of ['ru', 'en'] as const) {
      const all = sentences(locale, ACTOR[locale])
      expect(new Set(all.map(({ kind }) => kind))).toEqual(new Set(NOTIFICATION_KINDS))
      expect(all.filter(({ text }) => /[{}]/.test(text) || !text.trim())).toEqual([])
    }
  })

  it('should guess nobody’s gender: no "(а)", "(a)" or any ending in brackets', () => {
    const guessing = (['ru', 'en'] as const)
      .flatMap((locale) => [...sentences(locale, ACTOR[locale]), ...sentences(locale, null)])
      .filter(({ text }) => /\((?:а|a|ла|ло|ли|ась|ся)\)/iu.test(text))
    expect(guessing).toEqual([])
  })

  it('should quote every Russian name as written, after the noun that names it', () => {
    const all = sentences('ru', ACTOR.ru)
    const named = all.map(({ kind, facts, text }) => {
      const name = facts.resource ?? facts.article?.title ?? facts.ticket
      return { kind, text, quoted: name ? text.includes(`«${name}»`) : true }
    })
    expect(named.filter(({ quoted }) => !quoted)).toEqual([])
    expect(all.filter(({ text }) => PREPOSITION_BEFORE_NAME.test(text))).toEqual([])
  })

  it('should name who did it last, undeclined: after a dash in Russian, after "by" in English', () => {
    for (const locale of ['ru', 'en'] as const) {
      const byline = locale === 'ru' ? ` — ${ACTOR.ru}` : ` by ${ACTOR.en}`
      const all = sentences(locale, ACTOR[locale])
      expect(
        all.filter(({ kind, text }) => BY_SOMEONE.includes(kind) !== text.endsWith(byline)),
      ).toEqual([])
      // Without a known author the sentence stands alone.
      expect(sentences(locale, null).filter(({ text }) => text.includes(ACTOR[locale]))).toEqual([])
    }
  })

  it('should read as the issue asks, in both languages', () => {
    const review = { resource: RESOURCE }
    expect(
      notificationSentence({ locale: 'ru', kind: 'new-review', actor: 'Анна', facts: review }),
    ).toBe('Новый отзыв о ресурсе «Садовые беседы» — Анна')
    expect(
      notificationSentence({
        locale: 'en',
        kind: 'new-review',
        actor: 'Anna',
        facts: { resource: 'Garden Talks' },
      }),
    ).toBe('New review of “Garden Talks” by Anna')
    expect(
      notificationSentence({
        locale: 'ru',
        kind: 'comment-reply',
        actor: 'Анна',
        facts: { article: { collection: 'news', title: ARTICLE } },
      }),
    ).toBe(`Ответ на ваш комментарий к новости «${ARTICLE}» — Анна`)
  })
})
