import { type Page, expect } from '@playwright/test'

/**
 * The screens `npm run shots:compare` compares, in the order it visits them. Who looks: nobody
 * (public), or a demo account (src/seed/users.ts). Owner's and staff screens come before the
 * public ones: a visitor's view of a resource page is counted in its owner's analytics, so the
 * owner's figures are looked at before any visit of this run. Each is a whole page, or the window
 * alone for the Payload admin, which scrolls inside its own frame.
 */
export type Screen = {
  area: 'public' | 'member' | 'owner' | 'staff'
  name: string
  /** The demo account signed in, none for a visitor. */
  login?: 'user' | 'owner' | 'admin'
  /** The address, or how to reach the screen from a signed-in page. */
  open: string | ((page: Page) => Promise<unknown>)
  fullPage?: boolean
  /** What no rewriting of tests/shots/compare/steady.ts can hold still, masked (CSS selectors). */
  mask?: string[]
}

const BAZAAR = '/resources/marketplaces/bazaar-one'

/** The first of the member's tickets, as their list links it. */
const firstTicket = async (page: Page) => {
  await page.goto('/en/tickets')
  const link = page.locator('main a[href*="/tickets/"]').first()
  await expect(link).toBeVisible()
  await page.goto(new URL((await link.getAttribute('href'))!, page.url()).pathname)
}

export const SCREENS: Screen[] = [
  { area: 'owner', name: 'my-resources', login: 'owner', open: '/en/account' },
  { area: 'owner', name: 'my-resources-ru', login: 'owner', open: '/account' },
  {
    area: 'owner',
    name: 'analytics',
    login: 'owner',
    open: '/en/analitycs',
    // The charts' days: drawn again as the chart settles, after the dates were rewritten.
    mask: ['.recharts-xAxis'],
  },
  { area: 'member', name: 'profile', login: 'user', open: '/en/profile' },
  { area: 'member', name: 'favorites', login: 'user', open: '/en/favorites' },
  { area: 'member', name: 'notifications', login: 'user', open: '/en/notifications' },
  { area: 'member', name: 'tickets', login: 'user', open: '/en/tickets' },
  { area: 'member', name: 'ticket', login: 'user', open: firstTicket },
  { area: 'staff', name: 'moderation', login: 'admin', open: '/en/moderation' },
  { area: 'staff', name: 'reports', login: 'admin', open: '/en/moderation/reports' },
  { area: 'staff', name: 'held-reviews', login: 'admin', open: '/en/moderation/reviews' },
  { area: 'staff', name: 'resources-queue', login: 'admin', open: '/en/moderation/resources' },
  { area: 'staff', name: 'contacts-queue', login: 'admin', open: '/en/moderation/contacts' },
  { area: 'staff', name: 'verification', login: 'admin', open: '/en/resource-check' },
  { area: 'staff', name: 'admin-dashboard', login: 'admin', open: '/admin', fullPage: false },
  {
    area: 'staff',
    name: 'admin-resources',
    login: 'admin',
    open: '/admin/collections/resources',
    fullPage: false,
  },
  { area: 'public', name: 'home-ru', open: '/' },
  { area: 'public', name: 'home-en', open: '/en' },
  { area: 'public', name: 'listing', open: '/en/resources/marketplaces' },
  { area: 'public', name: 'resource-en', open: `/en${BAZAAR}` },
  { area: 'public', name: 'resource-ru', open: BAZAAR },
  { area: 'public', name: 'search', open: '/en/search?q=market' },
  { area: 'public', name: 'article', open: '/en/posts/how-to-spot-a-fake-review' },
  { area: 'public', name: 'faq', open: '/en/faqs' },
  { area: 'public', name: 'not-found', open: '/en/no-such-page' },
]
