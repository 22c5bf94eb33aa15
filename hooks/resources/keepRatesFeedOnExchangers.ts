import { type CollectionBeforeChangeHook, ValidationError } from 'payload'

import { messageLocale, serverMessage } from '@/server/serverMessages'
import type { Resource } from '@payload-types'

/**
 * Only an exchanger has a rates feed (issue 48), whatever the door. The field's own check cannot
 * hold it: Payload skips the validation of a field whose admin condition fails, and the field
 * shows only for exchangers. So a feed sent for another type is refused here, in the request's
 * language, and a resource that stops being an exchanger drops the feed it kept.
 */
export const keepRatesFeedOnExchangers: CollectionBeforeChangeHook<Resource> = ({
  data,
  originalDoc,
  req,
}) => {
  const type = data.type ?? originalDoc?.type
  if (type === 'exchanger') return data
  if (data.ratesFeed != null && data.ratesFeed !== '') {
    throw new ValidationError({
      collection: 'resources',
      errors: [
        {
          path: 'ratesFeed',
          message: serverMessage({
            locale: messageLocale(req),
            key: 'api.rates-feed-not-exchanger',
          }),
        },
      ],
    })
  }
  return originalDoc?.ratesFeed ? { ...data, ratesFeed: null } : data
}
