import { getTranslations } from 'next-intl/server'

import { buttonClass } from '@/components/ui/Button'
import { getPathname } from '@/i18n/navigation'
import type { Locale } from '@/i18n/routing'
import { type Direction, RATES_FORM, RATES_PATH } from '@/lib/rateAddress'
import type { RateCurrency } from '@/lib/rateOffers'

type Groups = { kind: RateCurrency['kind']; currencies: RateCurrency[] }[]

/**
 * What you give and what you get, each a select of the currencies grouped by kind: a plain GET
 * form, so it works without JavaScript; the proxy sends its query to the direction's address.
 */
export async function DirectionPicker({
  groups,
  locale,
  selected,
}: {
  groups: Groups
  locale: Locale
  selected?: Direction
}) {
  const t = await getTranslations('rates')
  const select = (name: keyof typeof RATES_FORM, label: string, value?: string) => (
    <div className="field">
      <label htmlFor={`rates-${name}`}>{label}</label>
      <select id={`rates-${name}`} name={RATES_FORM[name]} defaultValue={value} required>
        {groups.map(({ kind, currencies }) => (
          <optgroup key={kind} label={t(`kind-${kind}`)}>
            {currencies.map((currency) => (
              <option key={currency.code} value={currency.code}>
                {currency.name === currency.unit
                  ? currency.name
                  : `${currency.name} (${currency.unit})`}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  )
  return (
    <form
      className="rate-picker card"
      method="get"
      action={getPathname({ href: RATES_PATH, locale })}
    >
      {select('from', t('give-label'), selected?.from ?? 'BTC')}
      <span className="rate-picker-arrow" aria-hidden="true">
        →
      </span>
      {select('to', t('get-label'), selected?.to ?? 'SBERRUB')}
      <button type="submit" className={buttonClass({ variant: 'primary' })}>
        {t('submit')}
      </button>
    </form>
  )
}
