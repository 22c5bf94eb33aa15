import 'server-only'

import { UAParser } from 'ua-parser-js'

export type DeviceDescription = {
  /** `Firefox 128`, or null when the User-Agent names none. */
  browser: string | null
  /** `Windows 10`, `Android 14`. */
  os: string | null
  /** desktop, mobile, tablet, … (ua-parser-js's device types; desktop when it says none). */
  deviceType: string
  /** `Pixel 7`, `iPhone`, when named. */
  deviceModel: string | null
  /**
   * What "the same browser" means for the log's new-browser event: the browser's and the
   * system's names and the kind of device, without versions (an update is no new browser).
   */
  key: string
  /** One line for the log: `Firefox 128, Windows 10`. */
  label: string
}

const USER_AGENT_MAX = 512

/** The device and browser a User-Agent names (parsed by ua-parser-js). */
export const describeDevice = (userAgent: string | null | undefined): DeviceDescription => {
  const ua = (userAgent ?? '').slice(0, USER_AGENT_MAX)
  const { browser, os, device } = new UAParser(ua).getResult()
  const major = (version?: string) => version?.split('.')[0]
  const browserName = browser.name
    ? [browser.name, major(browser.version)].filter(Boolean).join(' ')
    : null
  const osName = os.name ? [os.name, os.version].filter(Boolean).join(' ') : null
  const deviceType = device.type ?? 'desktop'
  const deviceModel = [device.vendor, device.model].filter(Boolean).join(' ') || null
  return {
    browser: browserName,
    os: osName,
    deviceType,
    deviceModel,
    key: [browser.name ?? '?', os.name ?? '?', deviceType].join('|').toLowerCase(),
    label: [browserName, deviceModel, osName].filter(Boolean).join(', '),
  }
}
