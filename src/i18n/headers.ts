/** Request headers the proxy adds so server components know the locale and the visited path. */
export const LOCALE_HEADER = 'x-site-locale'
export const PATH_HEADER = 'x-site-path'
