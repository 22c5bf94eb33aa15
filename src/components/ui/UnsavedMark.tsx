import { useTranslations } from 'next-intl'

/**
 * Said beside a form's Save button while the form holds changes not saved yet (and kept, see
 * `useUnsavedDraft`); nothing otherwise. A live region, so the change is heard too.
 */
export function UnsavedMark({ isDirty }: { isDirty: boolean }) {
  const t = useTranslations('settings')
  return (
    <span className="unsaved-mark" role="status">
      {isDirty ? t('unsaved') : null}
    </span>
  )
}
