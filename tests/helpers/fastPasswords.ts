/**
 * Passwords hashed with 1,000 pbkdf2 iterations instead of 600,000 (patches/payload+3.90.1.patch,
 * src/server/passwords.ts): each hash then takes a millisecond, not 0.4 s of a core, and the
 * suite makes thousands. The fault and quick-start checks run the app as it ships.
 */
export const FAST_PASSWORD_HASHING = { TEST_PASSWORD_HASH_ITERATIONS: '1000' }
