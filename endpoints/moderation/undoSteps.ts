import { type Acting, ItemRefusal, type UndoStep, as, findOne } from './decisions'

const changedSince = () => new ItemRefusal(409, 'changed-since')

/**
 * Puts back what `step` changed, through the same collections and rules, if the item is still as
 * the decision left it (else 'changed-since': someone decided it again since). The reports a
 * decision closed are those the caller closed since `at`.
 */
export const undoStep = async ({
  step,
  at,
  ...acting
}: Acting & { step: UndoStep; at: string }) => {
  const { req } = acting
  switch (step.queue) {
    case 'reports': {
      if (step.hid) {
        const review = await findOne(acting, 'reviews', step.id)
        if (!review) throw new ItemRefusal(404, 'review-not-found')
        if (review.status !== 'hidden') throw changedSince()
        await req.payload.update({
          collection: 'reviews',
          id: step.id,
          data: { status: step.from as 'published' | 'pending' },
          depth: 0,
          ...as(acting),
        })
      }
      const { docs } = await req.payload.update({
        collection: 'review-reports',
        where: {
          and: [
            { review: { equals: step.id } },
            { status: { equals: step.action === 'hide' ? 'actioned' : 'dismissed' } },
            { handledBy: { equals: acting.user.id } },
            { handledAt: { greater_than_equal: at } },
          ],
        },
        data: { status: 'open' },
        depth: 0,
        ...as(acting),
      })
      if (!step.hid && !docs.length) throw changedSince()
      return
    }
    case 'held': {
      const review = await findOne(acting, 'reviews', step.id)
      if (!review) throw new ItemRefusal(404, 'review-not-found')
      if (review.status !== step.to) throw changedSince()
      await req.payload.update({
        collection: 'reviews',
        id: step.id,
        data: { status: 'pending' },
        depth: 0,
        ...as(acting),
      })
      return
    }
    case 'resources': {
      const resource = await findOne(acting, 'resources', step.id)
      if (!resource) throw new ItemRefusal(404, 'resource-not-found')
      if (resource.status !== step.to) throw changedSince()
      const from = step.from as 'pending' | 'published' | 'rejected'
      await req.payload.update({
        collection: 'resources',
        id: step.id,
        // Back to the queue clears the reason just given; back to rejected restores the old one.
        data:
          from === 'rejected'
            ? { status: from, rejectionReason: step.reason }
            : { status: from, rejectionReason: null },
        depth: 0,
        ...as(acting),
      })
      return
    }
    case 'contacts': {
      const message = await findOne(acting, 'contact-messages', step.id)
      if (!message) throw new ItemRefusal(404, 'contact-message-not-found')
      if (Boolean(message.handled) !== step.to) throw changedSince()
      await req.payload.update({
        collection: 'contact-messages',
        id: step.id,
        data: { handled: !step.to },
        depth: 0,
        ...as(acting),
      })
    }
  }
}
