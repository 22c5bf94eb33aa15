import { getLocale, getTranslations } from 'next-intl/server'

import { STATUS_FEED_PATHS } from '@/components/directory/statusFeed'
import { Link } from '@/i18n/navigation'
import { isLocale, localizedPath } from '@/i18n/routing'
import { PRIVACY_PATH, RULES_PATH } from '@/lib/consent'

const LINKS = [
  { href: '/about-us', key: 'about-us' },
  { href: '/contacts', key: 'contacts' },
  { href: '/faqs', key: 'faqs' },
  { href: '/news', key: 'news' },
  { href: '/posts', key: 'posts' },
  { href: RULES_PATH, key: 'rules' },
  { href: PRIVACY_PATH, key: 'privacy' },
  { href: '/chat', key: 'chat' },
] as const

export async function Footer() {
  const [t, status, requested] = await Promise.all([
    getTranslations('footer'),
    getTranslations('status'),
    getLocale(),
  ])
  const locale = isLocale(requested) ? requested : 'ru'
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <nav aria-label={t('navigation')}>
          <ul>
            {LINKS.map((link) => (
              <li key={link.key}>
                <Link href={link.href}>{t(link.key)}</Link>
              </li>
            ))}
            <li>
              {/* A feed, not a page: a plain link, which the router does not try to render. */}
              <a href={localizedPath(locale, STATUS_FEED_PATHS.rss)}>{status('feed-link')}</a>
            </li>
          </ul>
        </nav>
        <p className="copyright">{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  )
}
