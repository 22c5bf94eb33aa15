import { readFileSync } from 'node:fs'

import { describe, expect, it } from 'vitest'

import { ago, size, span } from '@/components/admin/machineryFormat'
import { BACKUP_OVERDUE_HOURS } from '@/lib/backups'
import { exposedMetrics } from '@/server/metricsExposition'

describe("the admins' machinery screen", () => {
  it('should call a backup overdue when Prometheus pages for it', () => {
    const alerts = readFileSync('deploy/prometheus/alerts.yml', 'utf8')
    const rule = alerts.match(/obzor_backup_last_success_timestamp_seconds > (\d+) \* 3600/)
    expect(Number(rule?.[1])).toBe(BACKUP_OVERDUE_HOURS)
  })

  it('should chart and alert on figures the processes give', () => {
    const given = new Set(
      exposedMetrics()
        .registry.getMetricsAsArray()
        .map((metric) => metric.name),
    )
    for (const file of ['deploy/grafana/obzor.json', 'deploy/prometheus/alerts.yml']) {
      const asked = readFileSync(file, 'utf8').match(/\b(obzor|nodejs|process)_[a-z0-9_]+/g) ?? []
      expect(asked.length, file).toBeGreaterThan(0)
      for (const name of new Set(asked)) {
        expect(given, `${file}: ${name}`).toContain(name.replace(/_(bucket|sum|count)$/, ''))
      }
    }
  })

  it('should tell ages, waits and sizes in the admin’s language', () => {
    const now = Date.parse('2026-11-29T12:00:00Z')
    expect(ago(now - 5 * 3_600_000, 'ru', now)).toBe('5 часов назад')
    expect(ago(now - 90_000, 'en', now)).toBe('1 minute ago')
    expect(ago(now + 5_000, 'en', now)).toBe('now')
    expect(ago(now - 36 * 3_600_000, 'ru', now)).toBe('36 часов назад')
    expect(ago(now - 50 * 3_600_000, 'en', now)).toBe('2 days ago')
    expect(span(7_300, 'ru')).toBe('2 ч')
    expect(span(42, 'en')).toBe('42 sec')
    expect(size(1_572_864, 'ru')).toBe('1,5 МБ')
    expect(size(3 * 1024 ** 3, 'en')).toBe('3 GB')
  })
})
