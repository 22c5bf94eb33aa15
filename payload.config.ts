import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { postgresAdapter } from '@payloadcms/db-postgres'
import { nodemailerAdapter } from '@payloadcms/email-nodemailer'
import { lexicalEditor } from '@payloadcms/richtext-lexical'
import { en } from '@payloadcms/translations/languages/en'
import { ru } from '@payloadcms/translations/languages/ru'
import { buildConfig } from 'payload'
import sharp from 'sharp'

import { UPLOAD_RULES } from '@/lib/limits'
import { databaseUrl, payloadSecret, serverUrl, siteName } from '@/server/env'
import { allMigrations } from '@/server/migrations'
import { serverMessage } from '@/server/serverMessages'
import { AuthChallenges } from '@collections/AuthChallenges'
import { Favorites } from '@collections/Favorites'
import { Media } from '@collections/Media'
import { Resources } from '@collections/Resources'
import { Reviews } from '@collections/Reviews'
import { Users } from '@collections/Users'
import { isCaptchaEnabled } from '@endpoints/lib/captcha'

import { endpoints } from './endpoints'

const dirname = path.dirname(fileURLToPath(import.meta.url))

const email = process.env.SMTP_HOST
  ? nodemailerAdapter({
      defaultFromAddress: process.env.EMAIL_FROM || `no-reply@${new URL(serverUrl()).hostname}`,
      defaultFromName: siteName,
      skipVerify: true,
      transportOptions: {
        host: process.env.SMTP_HOST,
        port: Number(process.env.SMTP_PORT || 587),
        secure: process.env.SMTP_SECURE === 'true',
        auth: process.env.SMTP_USER
          ? { user: process.env.SMTP_USER, pass: process.env.SMTP_PASS }
          : undefined,
      },
    })
  : undefined

export default buildConfig({
  admin: {
    user: Users.slug,
    importMap: { baseDir: path.resolve(dirname, 'src') },
    meta: { titleSuffix: ` — ${siteName}` },
  },
  collections: [Users, Resources, Reviews, Favorites, Media, AuthChallenges],
  endpoints,
  db: postgresAdapter({
    pool: { connectionString: databaseUrl() },
    // Schema changes always go through committed migrations, in development too, so that a
    // database never mixes pushed and migrated schema.
    push: false,
    prodMigrations: allMigrations,
  }),
  editor: lexicalEditor(),
  email,
  i18n: {
    fallbackLanguage: 'ru',
    supportedLanguages: { ru, en },
  },
  localization: {
    locales: [
      { code: 'ru', label: 'Русский' },
      { code: 'en', label: 'English' },
    ],
    defaultLocale: 'ru',
    fallback: true,
  },
  async onInit(payload) {
    if (!isCaptchaEnabled()) {
      payload.logger.warn(
        'reCAPTCHA is off: set RECAPTCHA_SECRET_KEY to require it at registration.',
      )
    }
    // Production applies migrations through `prodMigrations`; development and tests do it here
    // so that every way of starting the app meets an up-to-date schema.
    if (process.env.NODE_ENV !== 'production' && process.env.PAYLOAD_MIGRATING !== 'true') {
      await payload.db.migrate({ migrations: allMigrations })
    }
  },
  secret: payloadSecret(),
  serverURL: serverUrl(),
  sharp,
  typescript: { outputFile: path.resolve(dirname, 'payload-types.ts') },
  upload: {
    limits: { fileSize: UPLOAD_RULES.image.maxBytes },
    // Oversized bodies are cut off while they stream in, before any hook could pick the
    // visitor's language: the spec's English sentence is the answer.
    responseOnLimit: serverMessage({ locale: 'en', key: 'api.file-too-large' }),
  },
})
