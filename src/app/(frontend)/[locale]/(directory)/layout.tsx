import type React from 'react'

/**
 * The directory's listing and resource pages: the inner layout's centred column, but rendered once
 * per view and cached (src/lib/directoryViews.ts), so nothing here may read the request; each
 * page names its own addresses.
 */
export default function DirectoryLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="content" className="layout-inner container">
      {children}
    </main>
  )
}
