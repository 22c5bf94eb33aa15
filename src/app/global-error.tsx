'use client'

/**
 * Shown only when the root layout itself fails, so no translations are available: both
 * languages are written out, following the visitor's colour scheme.
 */
export default function GlobalError({ reset }: { reset: () => void }) {
  return (
    <html lang="ru">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          margin: 0,
          minHeight: '100vh',
          display: 'grid',
          placeItems: 'center',
          colorScheme: 'light dark',
        }}
      >
        <main style={{ textAlign: 'center', padding: 24 }}>
          <h1>Внутренняя ошибка сервера</h1>
          <p lang="en">Internal Server Error</p>
          <button type="button" onClick={reset}>
            Попробовать снова / Try again
          </button>
        </main>
      </body>
    </html>
  )
}
