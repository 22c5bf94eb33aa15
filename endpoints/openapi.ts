import type { Endpoint } from 'payload'
import { z } from 'zod'

import { serverUrl, siteName } from '../src/lib/env'
import { googleBody } from './auth/googleSignIn'
import { loginBody, pendingCodeBody, secondStepBody } from './auth/login'
import { changePasswordBody, forgetBody, resetBody } from './auth/password'
import { pgpSetupBody, publicKeyBody } from './auth/pgp'
import { profileBody } from './auth/profile'
import { otpBody, registrationBody } from './auth/register'
import { tokenBody } from './auth/token'
import {
  addReviewBody,
  lastReviewsBody,
  myReviewsBody,
  ownerReviewsBody,
  replyBody,
  resourceIdBody,
  reviewIdBody,
  updateReviewBody,
} from './directory/reviews'
import { saveResourceBody } from './directory/resources'
import { codeBody } from './lib/body'

type Operation = {
  path: string
  method: 'get' | 'post'
  summary: string
  body?: z.ZodType
  form?: boolean
  query?: string[]
  signedIn?: boolean
}

/** Every call of the site's API; the request schemas are the ones the handlers validate with. */
const OPERATIONS: Operation[] = [
  {
    path: '/register-user',
    method: 'post',
    summary: 'Create an unverified account; a code is emailed',
    body: registrationBody,
  },
  {
    path: '/verify-otp',
    method: 'post',
    summary: 'Confirm the account with the emailed code',
    body: otpBody,
  },
  {
    path: '/login',
    method: 'post',
    summary: 'Sign in; answers auth "pgp" or "google" when a second step is needed',
    body: loginBody,
  },
  {
    path: '/login-pgp',
    method: 'post',
    summary: 'Second step: the decrypted PGP code with login and password',
    body: secondStepBody,
  },
  {
    path: '/login-google',
    method: 'post',
    summary: 'Second step: the authenticator code with login and password',
    body: secondStepBody,
  },
  {
    path: '/verify-otp-login',
    method: 'post',
    summary: 'Second step for the browser that started the sign-in (login-ticket cookie)',
    body: pendingCodeBody,
  },
  {
    path: '/get-message-pgp-user',
    method: 'get',
    summary: "The pending sign-in's PGP message again",
    query: ['user_id'],
  },
  {
    path: '/google-sign-in',
    method: 'post',
    summary: 'Sign in or up with a Google ID token (when GOOGLE_CLIENT_ID is set)',
    body: googleBody,
  },
  {
    path: '/get-token',
    method: 'post',
    summary: 'A token for an API client (accounts without a second factor)',
    body: tokenBody,
  },
  {
    path: '/forget-password',
    method: 'post',
    summary: 'Email a single-use password reset link',
    body: forgetBody,
  },
  {
    path: '/reset-password',
    method: 'post',
    summary: 'Set a new password with the emailed token',
    body: resetBody,
  },
  {
    path: '/change-password',
    method: 'post',
    summary: 'Change the password (form data)',
    body: changePasswordBody,
    form: true,
    signedIn: true,
  },
  {
    path: '/get-user-by-id',
    method: 'get',
    summary: 'One account (own, or any for admins)',
    query: ['id'],
    signedIn: true,
  },
  {
    path: '/update-user-by-id',
    method: 'post',
    summary: 'Update a profile; form data may carry an `avatar` file (JPG/PNG, 500 KB)',
    body: profileBody,
    form: true,
    signedIn: true,
  },
  { path: '/get-roles', method: 'post', summary: 'Every role with its name' },
  {
    path: '/get-message',
    method: 'post',
    summary: 'A PGP challenge encrypted to the given public key',
    body: publicKeyBody,
    signedIn: true,
  },
  {
    path: '/check-update-pgp',
    method: 'post',
    summary: 'Store the proven PGP key and turn PGP sign-in on',
    body: pgpSetupBody,
    signedIn: true,
  },
  {
    path: '/get-message-pgp-confirm',
    method: 'post',
    summary: 'A PGP challenge to the stored key (before turning PGP off)',
    signedIn: true,
  },
  {
    path: '/unplug-pgp',
    method: 'post',
    summary: 'Turn PGP sign-in off with the code of that challenge',
    body: codeBody,
    signedIn: true,
  },
  {
    path: '/generate-qr-code',
    method: 'get',
    summary: 'A new authenticator secret and its QR code (PNG data URL)',
    signedIn: true,
  },
  {
    path: '/verify-otp-settings',
    method: 'post',
    summary: 'Turn authenticator sign-in on with a code from the app',
    body: codeBody,
    signedIn: true,
  },
  {
    path: '/unplug-google',
    method: 'post',
    summary: 'Turn authenticator sign-in off with a current code',
    body: codeBody,
    signedIn: true,
  },
  {
    path: '/save-resource',
    method: 'post',
    summary:
      'Add a resource (pending moderation) or, with id, edit one; both languages and the image at once: {resource}',
    body: saveResourceBody,
    form: true,
    signedIn: true,
  },
  {
    path: '/add-reviews',
    method: 'post',
    summary: 'Review a published resource: grade, comment and per-criterion grades (one per user)',
    body: addReviewBody,
    signedIn: true,
  },
  {
    path: '/user-has-review',
    method: 'post',
    summary: 'Whether the caller has reviewed the resource: {has_review}',
    body: resourceIdBody,
    signedIn: true,
  },
  {
    path: '/get-my-reviews',
    method: 'post',
    summary: "The caller's reviews, newest first: {reviews, total, page, pages}",
    body: myReviewsBody,
    signedIn: true,
  },
  {
    path: '/views-my-reviews',
    method: 'post',
    summary: 'Reviews on the resources the caller manages: {reviews, total, page, pages}',
    body: ownerReviewsBody,
    signedIn: true,
  },
  {
    path: '/update-my-reviews',
    method: 'post',
    summary: "Change the caller's own review: {review}",
    body: updateReviewBody,
    signedIn: true,
  },
  {
    path: '/delete-my-reviews',
    method: 'post',
    summary: "Delete the caller's own review",
    body: reviewIdBody,
    signedIn: true,
  },
  {
    path: '/get-last-reviews',
    method: 'post',
    summary: 'The newest published reviews: {reviews}',
    body: lastReviewsBody,
  },
  {
    path: '/reply-review',
    method: 'post',
    summary: 'The owner or an operator answers a review once: {review}',
    body: replyBody,
    signedIn: true,
  },
  {
    path: '/resource-relations',
    method: 'get',
    summary:
      'Where the caller stands towards resources (ids=1,2,… up to 50): {relations: [{resource_id, favorite, has_review, manages}]}',
    query: ['ids'],
    signedIn: true,
  },
  {
    path: '/get-user-favorites',
    method: 'post',
    summary: "The caller's favorites, newest first: {favorites: [{id, added_at, resource}]}",
    signedIn: true,
  },
  {
    path: '/add-favorite',
    method: 'post',
    summary: 'Keep a resource among the favorites (adding twice changes nothing)',
    body: resourceIdBody,
    signedIn: true,
  },
  {
    path: '/remove-favorite',
    method: 'post',
    summary: 'Remove a resource from the favorites',
    body: resourceIdBody,
    signedIn: true,
  },
]

const failure = {
  description:
    'Refused: `{status, code, message, errors?: {field: [message]}}` in the request language',
}

export const openApiDocument = () => ({
  openapi: '3.1.0',
  info: { title: `${siteName} API`, version: '1.0.0' },
  servers: [{ url: `${serverUrl()}/api` }],
  components: {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
  },
  paths: Object.fromEntries(
    OPERATIONS.map((op) => [
      op.path,
      {
        [op.method]: {
          summary: op.summary,
          ...(op.signedIn ? { security: [{ bearer: [] }] } : {}),
          ...(op.query
            ? {
                parameters: op.query.map((name) => ({
                  name,
                  in: 'query',
                  schema: { type: 'string' },
                })),
              }
            : {}),
          ...(op.body
            ? {
                requestBody: {
                  required: true,
                  content: {
                    [op.form ? 'multipart/form-data' : 'application/json']: {
                      schema: z.toJSONSchema(op.body, { unrepresentable: 'any' }),
                    },
                  },
                },
              }
            : {}),
          responses: {
            200: { description: 'Done: `{status: 200, ...}`' },
            401: { description: 'Not signed in' },
            402: { description: 'You are blocked.' },
            422: failure,
            429: { description: 'Too many attempts' },
          },
        },
      },
    ]),
  ),
})

/** GET /api/openapi.json: this document. */
export const openApi: Endpoint = {
  path: '/openapi.json',
  method: 'get',
  handler: () => Response.json(openApiDocument()),
}
