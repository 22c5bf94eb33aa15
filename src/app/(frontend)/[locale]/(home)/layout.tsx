import type React from 'react'

/** The default layout (spec §2): the home page only, full-width bands. */
export default function HomeLayout({ children }: { children: React.ReactNode }) {
  return (
    <main id="content" className="layout-default">
      {children}
    </main>
  )
}
