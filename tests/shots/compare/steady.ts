import type { Page } from '@playwright/test'

/**
 * What changes from run to run without the code changing, held still before a screen is
 * compared. The seed dates its rows back from the moment it runs (three days ago, an hour ago),
 * so the dates and times a page writes out move with the day and the hour of the run; the
 * relative ones ("12 minutes ago") move with how long the run has taken. Both are rewritten in
 * the page to one fixed value, of about the same width, wherever the text says them: a mask alone
 * would hide them but let a longer month name move what follows. Relative times keep their
 * words, only their number is fixed; so is the fingerprint of the key the seed makes anew.
 * Pictures load at once, not as they scroll into view.
 */
const MONTHS_EN =
  'January|February|March|April|May|June|July|August|September|October|November|December|' +
  'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec'
const MONTHS_RU =
  'января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|' +
  'январь|февраль|март|апрель|май|июнь|июль|август|сентябрь|октябрь|ноябрь|декабрь|' +
  'янв|февр|фев|мар|апр|июн|июл|авг|сент|сен|окт|нояб|ноя|дек'

const UNITS = 'seconds?|minutes?|hours?|days?|weeks?|months?|years?|[а-яё]+'

/** [pattern, replacement], applied in order to every text node of the page. */
const REWRITES: [string, string][] = [
  // 2026-11-29, 2026-11-29T19:24:00.000Z
  ['\\b\\d{4}-\\d{2}-\\d{2}(T[\\d:.]+Z?)?', '2000-01-01'],
  // 29.11.2026, 11/29/2026
  ['\\b\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}\\b', '01.01.2000'],
  // the ranges of one month: Nov 1 – 30, 2026; 1–30 нояб. 2026 г.
  [
    `\\b(${MONTHS_EN})(?!\\p{L})\\.?\\s+\\d{1,2}\\s*[–-]\\s*\\d{1,2},?\\s+\\d{4}`,
    'Jan 1 – 2, 2000',
  ],
  [
    `\\b\\d{1,2}\\s*[–-]\\s*\\d{1,2}\\s+(${MONTHS_RU})(?!\\p{L})\\.?(\\s+\\d{4}(\\s*г\\.)?)?`,
    '1–2 янв. 2000 г.',
  ],
  // 29 Nov 2026, 29 ноября 2026 г., 29 нояб.
  [
    `\\b\\d{1,2}\\s+(${MONTHS_EN}|${MONTHS_RU})(?!\\p{L})\\.?(\\s+\\d{4}(\\s*г\\.)?)?`,
    '1 Jan 2000',
  ],
  // Nov 29, 2026, November 29th 2026, Nov 29
  [
    `\\b(${MONTHS_EN})(?!\\p{L})\\.?\\s+\\d{1,2}(st|nd|rd|th)?(?!\\d)(,?\\s+\\d{4})?`,
    'Jan 1, 2000',
  ],
  // a month and a year alone: November 2026, ноябрь 2026 г.
  [`(?<!\\p{L})(${MONTHS_EN}|${MONTHS_RU})(?!\\p{L})\\s+\\d{4}(\\s*г\\.)?`, 'Jan 2000'],
  // a key's fingerprint in groups of four: the seed makes the demo owner a new key each run
  ['\\b[0-9A-F]{4}(\\s+[0-9A-F]{4}){9}\\b', 'AAAA BBBB CCCC DDDD EEEE FFFF 0000 1111 2222 3333'],
  // © 2026 in the footer
  ['©\\s*\\d{4}', '© 2000'],
  // 19:24, 7:24 PM, 19:24:05
  ['\\b\\d{1,2}:\\d{2}(:\\d{2})?(\\s?[AP]M)?', '00:00'],
  // 12 minutes ago, 3 часа назад, in 5 minutes, через 5 минут
  [`\\b\\d+(?=\\s+(${UNITS})\\s+(ago|назад))`, '0'],
  [`(?<=(?<!\\p{L})(in|через)\\s+)\\d+(?=\\s+(${UNITS}))`, '0'],
]

const rewriteDates = (rewrites: [string, string][]) => {
  const patterns = rewrites.map(([source, to]) => [new RegExp(source, 'giu'), to] as const)
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue ?? ''
    const rewritten = patterns.reduce((value, [pattern, to]) => value.replace(pattern, to), text)
    if (rewritten !== text) node.nodeValue = rewritten
  }
  // The value of a date field, and the title a date shows on hover, are not seen.
}

const loadAllPictures = async () => {
  const pictures = [...document.images]
  for (const picture of pictures) picture.loading = 'eager'
  await Promise.all(
    pictures.map((picture) =>
      picture.complete
        ? undefined
        : new Promise((resolve) => {
            picture.addEventListener('load', resolve, { once: true })
            picture.addEventListener('error', resolve, { once: true })
          }),
    ),
  )
}

/** Holds the page still: its pictures loaded, its dates and times at one fixed value. */
export const holdStill = async (page: Page) => {
  await page.evaluate(loadAllPictures)
  await page.evaluate(rewriteDates, REWRITES)
}
