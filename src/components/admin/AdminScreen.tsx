import { DefaultTemplate } from '@payloadcms/next/templates'
import { Gutter, SetStepNav } from '@payloadcms/ui'
import type { AdminViewServerProps } from 'payload'
import type { ReactNode } from 'react'

/**
 * One of the site's own screens in the admin (its views: the scheduled publications, the
 * machinery): Payload's frame with its navigation, the screen's name in the breadcrumbs, and its
 * title as the page's one heading of the first level.
 */
export const AdminScreen = ({
  props: { initPageResult, params, searchParams },
  title,
  className,
  children,
}: {
  props: AdminViewServerProps
  title: string
  className: string
  children: ReactNode
}) => {
  const { req, permissions, locale, visibleEntities } = initPageResult
  return (
    <DefaultTemplate
      i18n={req.i18n}
      locale={locale}
      params={params}
      payload={req.payload}
      permissions={permissions}
      searchParams={searchParams}
      user={req.user ?? undefined}
      visibleEntities={visibleEntities}
    >
      <SetStepNav nav={[{ label: title }]} />
      <Gutter className={className}>
        <h1 className="admin-screen__title">{title}</h1>
        {children}
      </Gutter>
    </DefaultTemplate>
  )
}
