import type React from 'react'

/**
 * News and posts: the inner layout's centred column, but their lists and pages are rendered once
 * and cached (src/lib/articleViews.ts), so nothing here may read the request; each page names its
 * own addresses.
 */
export default function ArticlesLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="content" className="layout-inner container">
      {children}
    </main>
  )
}
