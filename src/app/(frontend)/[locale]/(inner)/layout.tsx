import type React from 'react'

/** The inner layout (spec §2): every screen but the home page, in a centred column. */
export default function InnerLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="content" className="layout-inner container">
      {children}
    </main>
  )
}
