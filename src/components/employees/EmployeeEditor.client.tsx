'use client'

import { useTranslations } from 'next-intl'
import { useSWRConfig } from 'swr'

import { isEmployeesKey } from '@/client/swr/useAccounts'
import { useToast } from '@/components/ui/Toast.client'
import type { ManagedAccountView } from '@/data/views/users'
import { useRouter } from '@/i18n/navigation'
import { EMPLOYEE_ROLES } from '@/lib/roles'

import { AccountForm } from './AccountForm.client'

/** Adds an employee and goes back to the list, or saves the changes of one in place. */
export function EmployeeEditor({
  employee,
  askEmployer,
}: {
  employee?: ManagedAccountView
  askEmployer: boolean
}) {
  const t = useTranslations('employees')
  const toast = useToast()
  const router = useRouter()
  const { mutate } = useSWRConfig()
  // Every cached page of the employees list is out of date once one is added or changed.
  const forgetLists = () => mutate(isEmployeesKey, undefined, { revalidate: false })
  return (
    <AccountForm
      call={employee ? '/update-employer' : '/add-employer'}
      roles={EMPLOYEE_ROLES}
      account={employee}
      askEmployer={askEmployer && !employee}
      onDone={async (saved) => {
        await forgetLists()
        if (employee) {
          toast(t('saved'), 'success')
          router.refresh()
          return
        }
        toast(t('created', { name: saved.display_name }), 'success')
        router.push('/account/users')
      }}
    />
  )
}
