'use client'

import { useTranslations } from 'next-intl'
import { type FormEvent, useState } from 'react'

import { apiPost } from '@/client/api'
import { Button } from '@/components/ui/Button'
import { Field, FormMessage, SelectField } from '@/components/ui/Field'
import { Tabs } from '@/components/ui/Tabs.client'
import { useApiForm } from '@/components/useApiForm.client'
import type { ManagedAccountView } from '@/data/views/users'
import { LIMITS } from '@/lib/limits'
import { isEmployeeRole } from '@/lib/roles'

const ACCOUNT_FIELDS = ['login', 'email', 'password', 'password_confirmation'] as const
const PERSONAL_FIELDS = ['display_name', 'name', 'role', 'employer_id'] as const
const FIELDS = [...ACCOUNT_FIELDS, ...PERSONAL_FIELDS] as const

/**
 * The user form (spec §5: required fields on both tabs): an account's login, email and password
 * on one tab, its names and role on the other. It adds an employee (`/add-employer`), changes one
 * (`/update-employer`, with `account`), or adds any account for admins (`/add-users`).
 */
export function AccountForm({
  call,
  roles,
  account,
  askEmployer = false,
  idPrefix = '',
  onDone,
}: {
  call: '/add-employer' | '/update-employer' | '/add-users'
  roles: readonly string[]
  account?: ManagedAccountView
  /** Admins name the owner an operator works for. */
  askEmployer?: boolean
  idPrefix?: string
  onDone: (account: ManagedAccountView) => void
}) {
  const t = useTranslations('employees')
  const roleNames = useTranslations('roles')
  const form = useApiForm(FIELDS)
  // A new account's role is chosen, never preselected: a wrong default is too easy to keep.
  const [role, setRole] = useState(account?.role ?? '')
  const editing = Boolean(account)
  const id = (name: string) => `${idPrefix}${name}`

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const element = event.currentTarget
    const data = new FormData(element)
    const body = new FormData()
    for (const name of FIELDS) {
      const value = String(data.get(id(name)) ?? '').trim()
      // A change sends only what is typed; the password is never trimmed.
      const raw = name.startsWith('password') ? String(data.get(id(name)) ?? '') : value
      if (editing && !raw && name !== 'name') continue
      if (name === 'employer_id' && !raw) continue
      body.append(name, raw)
    }
    if (account) body.append('user_id', String(account.id))
    const answer = await form.submit(() => apiPost(call, body))
    if (answer?.ok) {
      if (!editing) {
        element.reset()
        setRole('')
      }
      onDone(answer.data.user)
    }
  }

  const has = (fields: readonly string[]) => fields.some((field) => field in form.fieldErrors)
  const errors = form.fieldErrors

  return (
    <form className="form" onSubmit={onSubmit}>
      <Tabs
        label={t('tabs-label')}
        tabs={[
          {
            id: 'account',
            label: t('tab-account'),
            hasError: has(ACCOUNT_FIELDS),
            content: (
              <div className="form-fields">
                <Field
                  id={id('login')}
                  label={t('login')}
                  required={!editing}
                  defaultValue={account?.login}
                  autoComplete="off"
                  pattern="[a-zA-Z0-9._\-]{3,32}"
                  error={errors.login}
                />
                <Field
                  id={id('email')}
                  label={t('email')}
                  type="email"
                  required={!editing}
                  defaultValue={account?.email}
                  autoComplete="off"
                  error={errors.email}
                />
                <Field
                  id={id('password')}
                  label={editing ? t('password-new') : t('password')}
                  hint={editing ? t('password-new-hint') : t('password-hint')}
                  type="password"
                  autoComplete="new-password"
                  required={!editing}
                  minLength={LIMITS.passwordMin}
                  error={errors.password}
                />
                <Field
                  id={id('password_confirmation')}
                  label={t('password-confirmation')}
                  type="password"
                  autoComplete="new-password"
                  required={!editing}
                  error={errors.password_confirmation}
                />
              </div>
            ),
          },
          {
            id: 'personal',
            label: t('tab-personal'),
            hasError: has(PERSONAL_FIELDS),
            content: (
              <div className="form-fields">
                <Field
                  id={id('display_name')}
                  label={t('display-name')}
                  hint={t('display-name-hint')}
                  required={!editing}
                  maxLength={LIMITS.displayNameMax}
                  defaultValue={account?.display_name}
                  error={errors.display_name}
                />
                <Field
                  id={id('name')}
                  label={t('name')}
                  maxLength={LIMITS.nameMax}
                  defaultValue={account?.name ?? ''}
                  error={errors.name}
                />
                <SelectField
                  id={id('role')}
                  label={t('role')}
                  hint={t('role-hint')}
                  value={role}
                  required
                  onChange={(event) => setRole(event.currentTarget.value)}
                  options={[
                    { value: '', label: t('role-choose'), disabled: true },
                    ...roles.map((value) => ({ value, label: roleNames(value) })),
                  ]}
                  error={errors.role}
                />
                {askEmployer && isEmployeeRole(role) && (
                  <Field
                    id={id('employer_id')}
                    label={t('employer-id')}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    required
                    error={errors.employer_id}
                  />
                )}
              </div>
            ),
          },
        ]}
      />
      <FormMessage error={form.formError} />
      <div className="form-actions">
        <Button type="submit" disabled={form.isSubmitting}>
          {form.isSubmitting ? t('saving') : editing ? t('save') : t('create')}
        </Button>
      </div>
    </form>
  )
}
