import type React from 'react'

/** The frame of the 404 and error pages: the status code, a heading, a message, and actions. */
export function StatusPage({
  code,
  title,
  message,
  children,
}: {
  code: number
  title: string
  message: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <main id="content" className="layout-inner container status-page">
      <p className="status-code" aria-hidden="true">
        {code}
      </p>
      <h1>{title}</h1>
      <p>{message}</p>
      <div className="actions">{children}</div>
    </main>
  )
}
