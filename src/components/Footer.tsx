import { getTranslations } from 'next-intl/server'

import { Link } from '@/i18n/navigation'
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
  const t = await getTranslations('footer')
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
          </ul>
        </nav>
        <p className="copyright">{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  )
}
