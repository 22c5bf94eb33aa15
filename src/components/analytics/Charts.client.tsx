'use client'

import { useTranslations } from 'next-intl'
import type { ReactElement, ReactNode } from 'react'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

import { isToday, useAnalyticsFormat } from './useAnalyticsFormat.client'

/** One line or stack of a chart: its field in the rows, its name, its colour (a CSS variable). */
export type Series<K extends string> = { key: K; label: string; color: string }

/** A chart's rows: one per day. */
export type ChartRow<K extends string> = { day: string } & Record<K, number>

type ChartProps<K extends string> = {
  title: string
  rows: ChartRow<K>[]
  series: Series<K>[]
  /** Buttons beside the title (a CSV download). */
  actions?: ReactNode
}

/** A line per series over the days (views, visitors and clicks; the site's activity). */
export function DailyLineChart<K extends string>(props: ChartProps<K>) {
  const { series } = props
  const rows = completeDays(props.rows)
  const axes = useAxes()
  return (
    <ChartFigure {...props}>
      <LineChart data={rows} accessibilityLayer={false} margin={MARGIN}>
        {axes}
        {series.map((line) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            name={line.label}
            stroke={line.color}
            strokeWidth={2}
            dot={rows.length <= 31 ? { r: 2, fill: line.color } : false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartFigure>
  )
}

/** The series stacked in one bar per day (reviews by grade, new resources by type or status). */
export function StackedBarChart<K extends string>(props: ChartProps<K>) {
  const { series } = props
  const rows = completeDays(props.rows)
  const axes = useAxes()
  return (
    <ChartFigure {...props}>
      <BarChart data={rows} accessibilityLayer={false} margin={MARGIN}>
        {axes}
        {series.map((bar) => (
          <Bar
            key={bar.key}
            dataKey={bar.key}
            name={bar.label}
            stackId="day"
            fill={bar.color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ChartFigure>
  )
}

const MARGIN = { top: 8, right: 8, bottom: 0, left: 0 }

/**
 * The days a chart draws: today, not over yet, is left out (drawn as a whole day it would end
 * every line in a plunge); its figures so far are said under the chart and in its table.
 */
const completeDays = <R extends { day: string }>(rows: R[]) =>
  rows.length > 1 && isToday(rows.at(-1)!.day) ? rows.slice(0, -1) : rows

/** The grid, axes, tooltip and legend every chart shares, in the theme's colours. */
const useAxes = () => {
  const { count, day, longDay } = useAnalyticsFormat()
  return [
    <CartesianGrid key="grid" stroke="var(--border)" strokeDasharray="3 3" vertical={false} />,
    <XAxis
      key="x"
      dataKey="day"
      tickFormatter={(value: string) => day(value)}
      tick={{ fill: 'var(--muted)', fontSize: 12 }}
      stroke="var(--border)"
      minTickGap={24}
      interval="preserveStartEnd"
    />,
    <YAxis
      key="y"
      allowDecimals={false}
      tickFormatter={(value: number) => count(value)}
      tick={{ fill: 'var(--muted)', fontSize: 12 }}
      stroke="var(--border)"
      width="auto"
    />,
    <Tooltip
      key="tooltip"
      labelFormatter={(value) => longDay(String(value))}
      formatter={(value) => count(Number(value))}
      contentStyle={{
        background: 'var(--surface)',
        border: '1px solid var(--border)',
        borderRadius: 8,
        color: 'var(--text)',
      }}
      labelStyle={{ color: 'var(--text)', fontWeight: 600 }}
      cursor={{ stroke: 'var(--border)', fill: 'var(--surface-2)' }}
    />,
    <Legend
      key="legend"
      iconType="circle"
      itemSorter={null}
      iconSize={10}
      formatter={(value) => <span className="analytics-legend-label">{value}</span>}
    />,
  ]
}

/**
 * A chart with its title, and the same figures as a table for screen readers and keyboards ("Show
 * as table"): the drawing itself is hidden from assistive technology.
 */
function ChartFigure<K extends string>({
  title,
  rows,
  series,
  actions,
  children,
}: ChartProps<K> & { children: ReactElement }) {
  return (
    <section className="card analytics-chart-card">
      <div className="card-header">
        <h3>{title}</h3>
        {actions && <div className="card-actions">{actions}</div>}
      </div>
      <div className="analytics-chart" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" minWidth={0}>
          {children}
        </ResponsiveContainer>
      </div>
      <TodaySoFar rows={rows} series={series} />
      <ChartTable title={title} rows={rows} series={series} />
    </section>
  )
}

/** Today's figures so far, when the period ends today (the chart leaves today out). */
function TodaySoFar<K extends string>({ rows, series }: Pick<ChartProps<K>, 'rows' | 'series'>) {
  const t = useTranslations('analytics')
  const { count } = useAnalyticsFormat()
  const today = rows.at(-1)
  if (rows.length < 2 || !today || !isToday(today.day)) return null
  return (
    <p className="analytics-today field-hint">
      {t('today-so-far', {
        figures: series.map((entry) => `${entry.label}: ${count(today[entry.key])}`).join(' · '),
      })}
    </p>
  )
}

function ChartTable<K extends string>({ title, rows, series }: ChartProps<K>) {
  const t = useTranslations('analytics')
  const { count, longDay } = useAnalyticsFormat()
  return (
    <details className="analytics-details">
      <summary>{t('show-table')}</summary>
      <div className="analytics-scroll" role="region" aria-label={title} tabIndex={0}>
        <table className="analytics-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('column-day')}</th>
              {series.map((column) => (
                <th key={column.key} scope="col" className="analytics-number">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">
                  {isToday(row.day) ? t('day-so-far', { day: longDay(row.day) }) : longDay(row.day)}
                </th>
                {series.map((column) => (
                  <td key={column.key} className="analytics-number">
                    {count(row[column.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}
