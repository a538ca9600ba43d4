import { ApiError } from '@lainava/api-client'
import type {
  AdminApplicationDetail,
  AdminLenderAnswer,
  AdminNote,
  AdminSettableStatus,
  AuditEntry,
} from '@lainava/domain/admin'
import {
  LEGAL_FORMS,
  type LegalForm,
  TOL_2008_SECTIONS,
  type Tol2008Section,
} from '@lainava/domain/application/business'
import { formatCurrency, type MessageKey } from '@lainava/i18n'
import { pathFor } from '@lainava/routing'
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { Facts, SECTION } from '../../components/ui/facts.tsx'
import { inputClasses } from '../../components/ui/field.tsx'
import { Select } from '../../components/ui/select.tsx'
import { webContext } from '../../context.ts'
import { useI18n } from '../../lib/i18n.tsx'
import { rootDataFromMatches } from '../../lib/root-data.ts'
import { useUser } from '../../lib/user-state.tsx'
import type { Route } from './+types/admin-application-route'
import { requireAdminPage } from './admin-access.server.ts'
import { declineReasonLabel, purposeLabel } from './admin-labels.ts'
import { MortgageSections } from './admin-mortgage-sections.tsx'
import { AdminNav } from './admin-nav.tsx'
import { SEGMENT_PAGES, segmentOfPath, statusLabel } from './application-list.tsx'

// An application's page for admins (issue 15 item 6): the company (or a mortgage's property, loan,
// funding and household), the people, every lender's answer and offer, notes, the handling status and
// who read or changed it. Opening it is audited by the API.

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  await requireAdminPage(request, url, context.get(webContext))
  return { id: params.id, list: segmentOfPath(url.pathname) }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = rootDataFromMatches(matches)
  return root
    ? [
        { title: `${root.t('admin.app.summary')} – ${root.brandName}` },
        { name: 'robots', content: 'noindex' },
      ]
    : []
}

const LINK = 'font-semibold text-brand-800 underline underline-offset-4 hover:no-underline'

type T = ReturnType<typeof useI18n>['t']

function failureText(t: T, failure: unknown): string {
  const message = failure instanceof ApiError ? failure.problem?.message : undefined
  return t('admin.app.failed', { message: message ?? String(failure) })
}

const COMPANY_FIELDS = ['legalForm', 'registeredOn', 'industry', 'turnover', 'result', 'employees'] as const
const FACTORING_FIELDS = [
  'monthlyInvoiceVolume',
  'customerCount',
  'paymentTermDays',
  'largestCustomerShare',
  'sellsToPublicSector',
] as const

function shown(t: T, value: string | number | boolean | null | undefined): string {
  if (value === true) return t('admin.app.yes')
  if (value === false) return t('admin.app.no')
  return value === null || value === undefined ? '–' : String(value)
}

/** A company field as shown: industry and legal form by their catalogue labels, euros as currency. */
function companyValue(
  t: T,
  intlLocale: string,
  field: (typeof COMPANY_FIELDS)[number],
  value: string | number | boolean | null | undefined,
) {
  if (
    (field === 'turnover' || field === 'result') &&
    (typeof value === 'number' || typeof value === 'string') &&
    String(value).trim() !== '' &&
    Number.isFinite(Number(value))
  )
    return formatCurrency(intlLocale, Number(value), { cents: false })
  if (
    field === 'industry' &&
    typeof value === 'string' &&
    (TOL_2008_SECTIONS as readonly string[]).includes(value)
  )
    return t(`enum.industry.${value.toLowerCase() as Lowercase<Tol2008Section>}`)
  if (
    field === 'legalForm' &&
    typeof value === 'string' &&
    (LEGAL_FORMS as readonly string[]).includes(value)
  )
    return t(`enum.legalForm.${value as LegalForm}`)
  return shown(t, value)
}

function auditText(t: T, entry: AuditEntry): string {
  const details = entry.details as { from?: unknown; to?: unknown }
  switch (entry.action) {
    case 'application.read':
    case 'application.note':
    case 'applicant.hetu.read':
      return t(`admin.audit.${entry.action}`)
    case 'application.status':
      return t('admin.audit.application.status', {
        from: statusLabel(t, String(details.from ?? '')),
        to: statusLabel(t, String(details.to ?? '')),
      })
    default:
      return t('admin.audit.other', { action: entry.action })
  }
}

export default function AdminApplicationRoute({ loaderData }: Route.ComponentProps) {
  const { t, lang, intlLocale } = useI18n()
  const { client } = useUser()
  const { id, list } = loaderData
  const [detail, setDetail] = useState<AdminApplicationDetail | null>(null)
  const [error, setError] = useState('')
  const [statusMessage, setStatusMessage] = useState('')
  const [noteMessage, setNoteMessage] = useState('')
  const [newStatus, setNewStatus] = useState<AdminSettableStatus | ''>('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [hetus, setHetus] = useState<Record<string, string>>({})

  const load = useCallback(async () => {
    try {
      const result = await client.get<AdminApplicationDetail>(`/api/v1/admin/applications/${id}`, {
        language: lang,
      })
      if (result) setDetail(result)
    } catch (failure) {
      setError(failureText(t, failure))
    }
  }, [client, id, lang, t])

  useEffect(() => {
    void load()
  }, [load])

  async function saveStatus(event: FormEvent) {
    event.preventDefault()
    const status = newStatus || detail?.status
    if (!status) return
    setBusy(true)
    try {
      const result = await client.postJson<{ status: string; changed: boolean }>(
        `/api/v1/admin/applications/${id}/status`,
        { status, language: lang },
      )
      if (result) {
        const label = statusLabel(t, result.status)
        setStatusMessage(
          t(result.changed ? 'admin.app.statusSaved' : 'admin.app.statusUnchanged', { status: label }),
        )
        await load()
      }
    } catch (failure) {
      setStatusMessage(failureText(t, failure))
    } finally {
      setBusy(false)
    }
  }

  async function addNote(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      const added = await client.postJson<AdminNote>(`/api/v1/admin/applications/${id}/notes`, {
        text: note,
        language: lang,
      })
      if (added) {
        setNote('')
        setNoteMessage(t('admin.app.noteAdded'))
        await load()
      }
    } catch (failure) {
      setNoteMessage(failureText(t, failure))
    } finally {
      setBusy(false)
    }
  }

  async function showHetu(role: string) {
    try {
      const result = await client.get<{ hetu: string }>(
        `/api/v1/admin/applications/${id}/applicants/${role}/hetu`,
      )
      if (result) setHetus((current) => ({ ...current, [role]: result.hetu }))
      await load()
    } catch (failure) {
      setError(failureText(t, failure))
    }
  }

  const back = (
    <p>
      <Link to={pathFor(SEGMENT_PAGES[list].list, lang)} className={LINK}>
        {t(SEGMENT_PAGES[list].back)}
      </Link>
    </p>
  )
  const money = (value: number) => formatCurrency(intlLocale, value)
  const time = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))

  if (!detail) {
    return (
      <>
        <AdminNav />
        <div className="mx-auto max-w-4xl px-4 py-12">
          {back}
          <h1 className="mt-4 text-3xl font-bold text-slate-900">{t('admin.app.summary')}</h1>
          <p role="status" className="mt-4">
            {error || t('admin.app.loading')}
          </p>
        </div>
      </>
    )
  }

  const name = detail.companyName ?? `${t(`admin.kind.${detail.kind}`)}, ${detail.id.slice(0, 8)}`
  return (
    <>
      <AdminNav />
      <div className="mx-auto max-w-4xl px-4 py-12">
        {back}
        <h1 className="mt-4 break-words text-3xl font-bold text-slate-900">
          {t('admin.app.title', { name })}
        </h1>
        {error ? (
          <p role="alert" className="mt-4 text-red-800">
            {error}
          </p>
        ) : null}

        <section aria-labelledby="app-summary" className={SECTION}>
          <h2 id="app-summary" className="text-xl font-semibold">
            {t('admin.app.summary')}
          </h2>
          {detail.anonymised ? <p className="mt-2">{t('admin.app.anonymised')}</p> : null}
          <Facts
            rows={[
              [t('admin.apps.kind'), t(`admin.kind.${detail.kind}`)],
              [
                t('admin.apps.status'),
                <span key="status" data-testid="application-status">
                  {statusLabel(t, detail.status)}
                </span>,
              ],
              [t('admin.apps.created'), time(detail.createdAt)],
              [t('admin.apps.amount'), money(detail.amount)],
              [t('admin.apps.period'), t('admin.apps.months', { count: detail.periodMonths })],
              [t('admin.app.purpose'), purposeLabel(t, detail.kind, detail.purpose)],
              [t('admin.app.language'), detail.language],
              [
                t('admin.application.trafficSource'),
                <span key="source" data-testid="traffic-source">
                  {detail.trafficSource ?? t('admin.application.trafficSourceUnknown')}
                </span>,
              ],
              ...(detail.affiliate
                ? ([
                    [t('admin.application.affiliate'), detail.affiliate.network],
                    [t('admin.application.affiliateTrackingId'), shown(t, detail.affiliate.trackingId)],
                    [t('admin.application.affiliateCampaign'), shown(t, detail.affiliate.campaign)],
                    [t('admin.application.affiliateClickedAt'), time(detail.affiliate.encounteredAt)],
                  ] satisfies Array<[string, ReactNode]>)
                : []),
            ]}
          />
        </section>

        {detail.kind === 'mortgage' ? <MortgageSections mortgage={detail.mortgage} /> : null}

        {detail.company || detail.businessId ? (
          <section aria-labelledby="app-company" className={SECTION}>
            <h2 id="app-company" className="text-xl font-semibold">
              {t('admin.app.company')}
            </h2>
            <Facts
              rows={[
                [t('admin.app.company.name'), shown(t, detail.companyName)],
                [t('admin.apps.businessId'), shown(t, detail.businessId)],
                ...COMPANY_FIELDS.map(
                  (field) =>
                    [
                      t(`admin.app.company.${field}` as MessageKey),
                      companyValue(t, intlLocale, field, detail.company?.[field]),
                    ] as [string, ReactNode],
                ),
              ]}
            />
          </section>
        ) : null}

        {detail.factoring ? (
          <section aria-labelledby="app-factoring" className={SECTION}>
            <h2 id="app-factoring" className="text-xl font-semibold">
              {t('admin.app.factoring')}
            </h2>
            <Facts
              rows={FACTORING_FIELDS.map(
                (field) =>
                  [t(`admin.app.factoring.${field}` as MessageKey), shown(t, detail.factoring?.[field])] as [
                    string,
                    ReactNode,
                  ],
              )}
            />
          </section>
        ) : null}

        <section aria-labelledby="app-people" className={SECTION}>
          <h2 id="app-people" className="text-xl font-semibold">
            {t('admin.app.people')}
          </h2>
          {detail.people.map((person) => (
            <div key={person.role} className="mt-4">
              <h3 className="font-semibold">
                {t(person.role === 'co' ? 'admin.app.role.co' : 'admin.app.role.main')}
              </h3>
              <Facts
                rows={[
                  [
                    t('admin.app.name'),
                    shown(t, [person.firstName, person.lastName].filter(Boolean).join(' ') || null),
                  ],
                  [t('admin.app.email'), shown(t, person.email)],
                  [t('admin.app.phone'), shown(t, person.phone)],
                  ...(person.hasHetu
                    ? [
                        [
                          t('admin.app.hetu'),
                          hetus[person.role] ?? (
                            <span className="flex flex-wrap items-center gap-2">
                              <Button
                                type="button"
                                variant="secondary"
                                size="sm"
                                onClick={() => void showHetu(person.role)}
                              >
                                {t('admin.app.showHetu')}
                              </Button>
                              <span className="text-sm text-slate-700">{t('admin.app.hetuNote')}</span>
                            </span>
                          ),
                        ] as [string, ReactNode],
                      ]
                    : []),
                ]}
              />
            </div>
          ))}
        </section>

        <section aria-labelledby="app-answers" className={SECTION}>
          <h2 id="app-answers" className="text-xl font-semibold">
            {t('admin.app.answers')}
          </h2>
          {detail.answers.length === 0 ? <p className="mt-2">{t('admin.app.noAnswers')}</p> : null}
          <ul className="mt-2 grid gap-4">
            {detail.answers.map((answer) => (
              <LenderAnswer key={answer.lenderId} answer={answer} money={money} time={time} />
            ))}
          </ul>
        </section>

        <section aria-labelledby="app-status" className={SECTION}>
          <h2 id="app-status" className="text-xl font-semibold">
            {t('admin.app.status')}
          </h2>
          <form onSubmit={saveStatus} className="mt-3 flex flex-wrap items-end gap-4">
            <Select
              label={t('admin.app.statusLabel')}
              value={newStatus || detail.status}
              onChange={(event) => setNewStatus(event.target.value as AdminSettableStatus)}
              options={[
                // A status only the service sets (offer accepted) is shown but cannot be chosen.
                ...((detail.statuses as readonly string[]).includes(detail.status)
                  ? []
                  : [{ value: detail.status, label: statusLabel(t, detail.status), disabled: true }]),
                ...detail.statuses.map((status) => ({ value: status, label: statusLabel(t, status) })),
              ]}
              className="min-w-0 grow sm:grow-0"
            />
            <Button type="submit" loading={busy}>
              {t('admin.app.saveStatus')}
            </Button>
          </form>
          <p role="status" className="mt-2">
            {statusMessage}
          </p>
        </section>

        <section aria-labelledby="app-notes" className={SECTION}>
          <h2 id="app-notes" className="text-xl font-semibold">
            {t('admin.app.notes')}
          </h2>
          {detail.notes.length === 0 ? <p className="mt-2">{t('admin.app.noNotes')}</p> : null}
          <ul className="mt-2 grid gap-3">
            {detail.notes.map((entry) => (
              <li key={entry.id} className="rounded-md bg-slate-50 p-3">
                <p className="whitespace-pre-wrap break-words">{entry.text}</p>
                <p className="mt-1 text-sm text-slate-700">
                  {t('admin.app.noteBy', {
                    author: entry.authorEmail ?? t('admin.app.unknownAuthor'),
                    time: time(entry.createdAt),
                  })}
                </p>
              </li>
            ))}
          </ul>
          <form onSubmit={addNote} className="mt-4">
            <label htmlFor="admin-note" className="block font-medium text-slate-900">
              {t('admin.app.noteLabel')}
            </label>
            <textarea
              id="admin-note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              required
              maxLength={4000}
              rows={3}
              className={`${inputClasses} mt-1`}
            />
            <Button type="submit" className="mt-3" loading={busy}>
              {t('admin.app.addNote')}
            </Button>
            <p role="status" className="mt-2">
              {noteMessage}
            </p>
          </form>
        </section>

        <section aria-labelledby="app-history" className={SECTION}>
          <h2 id="app-history" className="text-xl font-semibold">
            {t('admin.app.history')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('admin.app.historyLead')}</p>
          <ol className="mt-3 grid gap-2">
            {detail.history.map((entry) => (
              <li key={entry.id} className="break-words">
                <time dateTime={entry.at}>{time(entry.at)}</time> · {entry.actorEmail ?? entry.actorRole}:{' '}
                {auditText(t, entry)}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  )
}

const OFFER_STATUSES = ['offered', 'accepted', 'expired', 'withdrawn'] as const

function offerStatusLabel(t: T, status: string): string {
  return (OFFER_STATUSES as readonly string[]).includes(status)
    ? t(`offers.status.${status as (typeof OFFER_STATUSES)[number]}`)
    : status
}

function LenderAnswer({
  answer,
  money,
  time,
}: {
  answer: AdminLenderAnswer
  money: (value: number) => string
  time: (iso: string) => string
}) {
  const { t, intlLocale } = useI18n()
  const offer = answer.offer
  const percent = (value: number) =>
    `${new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 3 }).format(value)} %`
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="lender-answer">
      <h3 className="font-semibold">
        {answer.lenderName}: {t(`admin.app.answerStatus.${answer.status}`)}
      </h3>
      <Facts
        rows={[
          ...(answer.answeredAt
            ? [[t('admin.app.answeredAt'), time(answer.answeredAt)] as [string, ReactNode]]
            : []),
          ...(answer.declineReason
            ? [
                [t('admin.app.declineReason'), declineReasonLabel(t, answer.declineReason)] as [
                  string,
                  ReactNode,
                ],
              ]
            : []),
          ...(offer
            ? ([
                [t('admin.app.offer.amount'), money(offer.amount)],
                [t('admin.app.offer.months'), t('admin.apps.months', { count: offer.months })],
                [t('admin.app.offer.rate'), percent(offer.nominalRatePercent)],
                [t('admin.app.offer.apr'), percent(offer.aprPercent)],
                [t('admin.app.offer.monthly'), money(offer.monthlyPayment)],
                [t('admin.app.offer.openingFee'), money(offer.openingFee)],
                [t('admin.app.offer.monthlyFee'), money(offer.monthlyFee)],
                [t('admin.app.offer.totalCost'), money(offer.totalCost)],
                [
                  t('admin.app.offer.guarantee'),
                  t(offer.personalGuarantee ? 'admin.app.yes' : 'admin.app.no'),
                ],
                [t('admin.app.offer.validUntil'), time(offer.validUntil)],
                [t('admin.app.offer.status'), offerStatusLabel(t, offer.status)],
              ] as Array<[string, ReactNode]>)
            : []),
        ]}
      />
    </li>
  )
}
