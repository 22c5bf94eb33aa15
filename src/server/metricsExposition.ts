import 'server-only'

import { Gauge } from 'prom-client'

import { lastFlushAt } from './analytics/recorder'
import { openChatStreams } from './chat/hub'
import { metrics } from './metrics'

/**
 * The process's figures as a scrape reads them (src/server/metrics.ts): the registry of the lower
 * floors, with the gauges that read the features, which the registry's own floor may not import.
 * They are added to the registry once per process, whichever bundle answers first.
 */
export const exposedMetrics = () => {
  const figures = metrics()
  const registers = [figures.registry]
  if (figures.registry.getSingleMetric('obzor_chat_streams')) return figures
  new Gauge({
    name: 'obzor_chat_streams',
    help: "The chat's open streams on this instance",
    registers,
    async collect() {
      this.set(await openChatStreams())
    },
  })
  new Gauge({
    name: 'obzor_analytics_flush_lag_seconds',
    help: "Seconds since this process's analytics counts were last written (0: none waiting yet)",
    registers,
    collect() {
      const at = lastFlushAt()
      this.set(at === null ? 0 : (Date.now() - at) / 1000)
    },
  })
  return figures
}

/** The figures in Prometheus's text format. */
export const metricsText = async () => {
  const { registry } = exposedMetrics()
  return { contentType: registry.contentType, body: await registry.metrics() }
}
