/**
 * Marks a failure that happened while a one-time code was checked (a second factor's, an emailed
 * one), not because of the code: a stored secret the server cannot decrypt, a library that threw.
 * defineEndpoint classifies its cause as any other failure (the database away is still a 503), and
 * where it would answer the generic 500, answers spec §8's 'An error occurred during OTP
 * verification' instead.
 */
export class OtpVerificationError extends Error {
  constructor(cause: unknown) {
    super('OTP verification failed', { cause })
    this.name = 'OtpVerificationError'
  }
}

/** Runs the check of a code; whatever it throws is marked as a failure of the verification. */
export const verifyingOtp = async <T>(check: () => Promise<T>): Promise<T> => {
  try {
    return await check()
  } catch (error) {
    throw new OtpVerificationError(error)
  }
}
