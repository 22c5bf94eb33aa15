/**
 * The second sign-in step waiting in this tab: who, which factor, the PGP message, and where to
 * go afterwards. Never the password; the server ties the step to this browser with an httpOnly
 * cookie.
 */
export type PendingSecondStep = {
  userId: number
  method: 'pgp' | 'google'
  message: string | null
  next: string
}

const KEY = 'pending-second-step'

export const savePendingSecondStep = (step: PendingSecondStep) =>
  sessionStorage.setItem(KEY, JSON.stringify(step))

export const readPendingSecondStep = (): PendingSecondStep | null => {
  try {
    const step = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingSecondStep | null
    return step && typeof step.userId === 'number' ? step : null
  } catch {
    return null
  }
}

export const clearPendingSecondStep = () => sessionStorage.removeItem(KEY)
