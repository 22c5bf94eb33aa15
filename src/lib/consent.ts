/**
 * What a new member agrees to when signing up: the community rules and the privacy policy, as
 * published at these addresses. Raise CONSENT_VERSION whenever either text changes in substance,
 * so each account's stored version tells which texts its owner accepted.
 */
export const CONSENT_VERSION = '2026-11-26'

export const RULES_PATH = '/informations/rules'
export const PRIVACY_PATH = '/informations/privacy'
