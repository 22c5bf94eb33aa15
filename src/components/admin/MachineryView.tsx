import { notFound, redirect } from 'next/navigation'
import type { AdminViewServerProps } from 'payload'
import type { ReactNode } from 'react'

import { FAILED_JOBS_SHOWN, type FailedJob, type Machinery, machinery } from '@/data/machinery'
import type { Locale } from '@/i18n/routing'
import { BACKUP_OVERDUE_HOURS } from '@/lib/backups'

import { AdminScreen } from './AdminScreen'
import { LocalTime } from './LocalTime.client'
import { MACHINERY_PATH, ago, say, size, span } from './machineryFormat'
import { RetryJobButton } from './RetryJobButton.client'
import { adminLocale } from './scheduling'

import './admin-views.css'

/**
 * `/admin/system`, for admins: how the machinery stands. The last backup and whether it is
 * overdue, the availability monitor's last check, the mails given up in the last day, each
 * queue's depth, and the failed jobs with a retry. A guest is sent to sign in; anyone but an admin
 * is answered "not found".
 */
export async function MachineryView(props: AdminViewServerProps) {
  const { payload, user, i18n } = props.initPageResult.req
  if (!user) redirect(`/admin/login?redirect=${encodeURIComponent(`/admin${MACHINERY_PATH}`)}`)
  const figures = await machinery({ payload, user })
  if (!figures) notFound()
  const language = adminLocale(i18n)
  const title = say(language, 'view-title')
  return (
    <AdminScreen props={props} title={title} className="machinery">
      <p>
        {say(language, 'view-intro')}{' '}
        <a href={`/admin${MACHINERY_PATH}`}>{say(language, 'refresh')}</a>
      </p>
      <div className="machinery__cards">
        <BackupCard figures={figures} language={language} />
        <LinkChecksCard figures={figures} language={language} />
        <MailCard figures={figures} language={language} />
      </div>
      <Queues figures={figures} language={language} />
      <FailedJobs figures={figures} language={language} />
    </AdminScreen>
  )
}

type Part = { figures: Machinery; language: Locale }

const Card = ({
  id,
  title,
  alert,
  children,
}: {
  id: string
  title: string
  alert?: boolean
  children: ReactNode
}) => (
  <section
    className={`machinery__card${alert ? ' machinery__card--alert' : ''}`}
    aria-labelledby={id}
    data-alert={alert ? 'true' : undefined}
  >
    <h2 id={id}>{title}</h2>
    {children}
  </section>
)

const When = ({ at, now, language }: { at: number; now: number; language: Locale }) => (
  <p>
    <strong>{ago(at, language, now)}</strong>
    <br />
    <LocalTime iso={new Date(at).toISOString()} />
  </p>
)

const BackupCard = ({ figures, language }: Part) => {
  const { last: backup, overdue } = figures.backup
  return (
    <Card id="machinery-backup" title={say(language, 'backup-title')} alert={overdue}>
      {backup ? (
        <>
          <When at={backup.at} now={figures.readAt} language={language} />
          {backup.location !== null && backup.bytes !== null ? (
            <p className="machinery__detail">
              {say(language, 'backup-where', {
                location: backup.location,
                size: size(backup.bytes, language),
              })}
            </p>
          ) : null}
          {overdue ? (
            <p>{say(language, 'backup-overdue', { hours: BACKUP_OVERDUE_HOURS })}</p>
          ) : null}
        </>
      ) : (
        <p>{say(language, 'backup-never')}</p>
      )}
    </Card>
  )
}

const LinkChecksCard = ({ figures: { linkChecks, readAt }, language }: Part) => (
  <Card id="machinery-links" title={say(language, 'links-title')} alert={linkChecks.down > 0}>
    {linkChecks.lastAt === null ? (
      <p>{say(language, 'links-never')}</p>
    ) : (
      <>
        <When at={linkChecks.lastAt} now={readAt} language={language} />
        <p>{say(language, 'links-down', { count: linkChecks.down })}</p>
      </>
    )}
  </Card>
)

const MailCard = ({ figures: { mailsGivenUp }, language }: Part) => (
  <Card id="machinery-mail" title={say(language, 'mail-title')} alert={mailsGivenUp > 0}>
    <p>
      <strong>{say(language, 'mail-given-up', { count: mailsGivenUp })}</strong>
    </p>
    {mailsGivenUp > 0 ? <p>{say(language, 'mail-see-failed')}</p> : null}
  </Card>
)

const HeaderRow = ({ columns, children }: { columns: string[]; children?: ReactNode }) => (
  <thead>
    <tr>
      {columns.map((column) => (
        <th key={column} scope="col">
          {column}
        </th>
      ))}
      {children}
    </tr>
  </thead>
)

/** A queue's name as the admins know it; the queue's own name for one the screen does not know. */
const queueLabel = (queue: string, language: Locale) =>
  queue === 'default' || queue === 'email' || queue === 'rates'
    ? say(language, `queue-${queue}`)
    : queue

/** A task's name in the admin's language; the slug itself for one without a name. */
const taskLabel = (task: string, language: Locale) => {
  try {
    return say(language, `tasks.${task}`)
  } catch {
    return task
  }
}

const Queues = ({ figures: { queues }, language }: Part) => {
  const columns = ['queue', 'queued', 'running', 'failed', 'oldest'].map((key) =>
    say(language, key),
  )
  return (
    <section className="machinery__section" aria-labelledby="machinery-queues">
      <h2 id="machinery-queues">{say(language, 'queues-title')}</h2>
      {queues.length ? (
        <div className="table stacked-table">
          <table cellPadding={0} cellSpacing={0}>
            <HeaderRow columns={columns} />
            <tbody>
              {queues.map((row) => (
                <tr key={row.queue} data-queue={row.queue}>
                  <td data-label={columns[0]}>{queueLabel(row.queue, language)}</td>
                  <td data-label={columns[1]}>{row.queued}</td>
                  <td data-label={columns[2]}>{row.running}</td>
                  <td data-label={columns[3]}>{row.failed}</td>
                  <td data-label={columns[4]}>
                    {row.oldestDueSeconds > 0 ? span(row.oldestDueSeconds, language) : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{say(language, 'queues-empty')}</p>
      )}
    </section>
  )
}

const FailedJobs = ({ figures: { failed }, language }: Part) => {
  const columns = ['job', 'when', 'tries', 'reason'].map((key) => say(language, key))
  return (
    <section className="machinery__section" aria-labelledby="machinery-failed">
      <h2 id="machinery-failed">{say(language, 'failed-title')}</h2>
      <p>{say(language, 'failed-intro')}</p>
      {failed.total > FAILED_JOBS_SHOWN ? (
        <p>{say(language, 'failed-more', { shown: FAILED_JOBS_SHOWN, total: failed.total })}</p>
      ) : null}
      {failed.jobs.length ? (
        <div className="table stacked-table">
          <table cellPadding={0} cellSpacing={0}>
            <HeaderRow columns={columns}>
              <th scope="col">
                <span className="machinery__hidden">{say(language, 'retry')}</span>
              </th>
            </HeaderRow>
            <tbody>
              {failed.jobs.map((job) => (
                <FailedRow key={job.id} job={job} columns={columns} language={language} />
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{say(language, 'failed-none')}</p>
      )}
    </section>
  )
}

const FailedRow = ({
  job,
  columns,
  language,
}: {
  job: FailedJob
  columns: string[]
  language: Locale
}) => (
  <tr data-job={job.id}>
    <td data-label={columns[0]}>
      <strong>{taskLabel(job.task, language)}</strong> <span>#{job.id}</span>
      {job.mail ? (
        <div className="machinery__detail">
          {say(language, 'mail-to', { to: job.mail.to, subject: job.mail.subject })}
        </div>
      ) : null}
    </td>
    <td data-label={columns[1]}>
      <LocalTime iso={job.failedAt} />
    </td>
    <td data-label={columns[2]}>{job.tries}</td>
    <td data-label={columns[3]} className="machinery__reason">
      {job.reason || say(language, 'no-reason')}
    </td>
    <td>
      <RetryJobButton
        jobId={job.id}
        labels={{
          retry: say(language, 'retry'),
          retrying: say(language, 'retrying'),
          retried: say(language, 'retried', { id: job.id }),
          gone: say(language, 'retry-gone'),
          error: say(language, 'retry-error'),
        }}
      />
    </td>
  </tr>
)
