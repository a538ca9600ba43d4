import { ApiError } from '@lainava/api-client'
import {
  CONSUMER_LOAN_PURPOSES,
  EMPLOYMENT_TYPES,
  HOUSING_TYPES,
  SME_LOAN_PURPOSES,
} from '@lainava/domain/application/enums'
import { LENDER_PRODUCTS } from '@lainava/domain/marketplace/criteria'
import type {
  LenderFilter,
  LenderFilterPreview,
  LenderFilterSaved,
  LenderFilterView,
} from '@lainava/domain/marketplace/lender-filter'
import { REGION_TABLE_DATE, REGIONS } from '@lainava/domain/marketplace/lender-filter-regions'
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react'
import { Button } from '../../components/ui/button.tsx'
import { Checkbox } from '../../components/ui/checkbox.tsx'
import { NumberInput } from '../../components/ui/number-input.tsx'
import { RadioGroup } from '../../components/ui/radio-group.tsx'
import { useI18n } from '../../lib/i18n.tsx'
import { useUser } from '../../lib/user-state.tsx'
import { FilteringHistory } from './filtering-history.tsx'
import { filterValueLabel } from './filtering-labels.ts'

// Issue 17: the lender-admin's filter editor. The API checks every value (LenderFilterSchema) and
// answers field errors in the page's language; the page shows them beside the fields. "Esikatsele"
// counts the last 30 days' applications for the draft before anything is saved.

type Draft = LenderFilter
type NumberField = {
  [K in keyof Draft]: Draft[K] extends number | null ? K : never
}[keyof Draft]
type ListField = 'products' | 'employmentTypes' | 'housingTypes' | 'regions' | 'excludedPurposes'

const FILTER_PATH = 'body.filter.'

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-4 rounded-xl border border-slate-200 p-4 sm:p-6 md:grid-cols-2">
      <h2 className="text-xl font-semibold text-slate-900 md:col-span-2">{title}</h2>
      {children}
    </section>
  )
}

export function FilteringForm() {
  const { t, lang, intlLocale } = useI18n()
  const { client } = useUser()
  const [view, setView] = useState<LenderFilterView | null>(null)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [status, setStatus] = useState('')
  const [preview, setPreview] = useState<LenderFilterPreview | null>(null)
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null)

  const load = useCallback(async () => {
    const loaded = await client.get<LenderFilterView>('/api/v1/lender/filtering')
    if (!loaded) return
    setView(loaded)
    setDraft(loaded.filter as Draft)
  }, [client])

  useEffect(() => {
    void load()
  }, [load])

  if (!view || !draft) {
    return (
      <p role="status" className="mt-6">
        {t('lenderFiltering.loading')}
      </p>
    )
  }

  const update = (change: Partial<Draft>) => {
    setDraft({ ...draft, ...change })
    setPreview(null)
  }
  const toggle = (field: ListField, value: string, on: boolean) => {
    const list = draft[field] as string[]
    update({ [field]: on ? [...list, value] : list.filter((item) => item !== value) } as Partial<Draft>)
  }
  const error = (field: string) => errors[field]

  function failed(caught: unknown) {
    const problem = caught instanceof ApiError ? caught.problem : null
    if (!problem) throw caught
    const fields: Record<string, string> = {}
    for (const field of problem.fields) {
      const path = field.path.startsWith(FILTER_PATH) ? field.path.slice(FILTER_PATH.length) : field.path
      const name = path.split('.')[0] ?? path
      fields[name] ??= field.message
    }
    setErrors(fields)
    setStatus(problem.fields.length > 0 ? t('lenderFiltering.invalid') : problem.message)
  }

  async function runPreview() {
    setBusy('preview')
    setStatus(t('lenderFiltering.previewing'))
    try {
      const result = await client.postJson<LenderFilterPreview>('/api/v1/lender/filtering/preview', {
        filter: draft,
        language: lang,
      })
      if (result) {
        setErrors({})
        setPreview(result)
        setStatus('')
      }
    } catch (caught) {
      failed(caught)
    } finally {
      setBusy(null)
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault()
    if (!view) return
    setBusy('save')
    setStatus(t('lenderFiltering.saving'))
    try {
      const saved = await client.put<LenderFilterSaved>('/api/v1/lender/filtering', {
        filter: draft,
        version: view.version,
        language: lang,
      })
      if (saved) {
        setErrors({})
        setView(saved)
        setDraft(saved.filter as Draft)
        setStatus(
          saved.changed
            ? t('lenderFiltering.saved', { version: saved.version })
            : t('lenderFiltering.unchanged'),
        )
      }
    } catch (caught) {
      failed(caught)
    } finally {
      setBusy(null)
    }
  }

  const numberField = (
    field: NumberField,
    options: { hint?: string; max?: number; decimals?: number } = {},
  ) => (
    <NumberInput
      label={t(`lenderFiltering.field.${field}`)}
      value={draft[field]}
      onValueChange={(value) => update({ [field]: value } as Partial<Draft>)}
      locale={intlLocale}
      min={0}
      max={options.max}
      maximumFractionDigits={options.decimals ?? 0}
      hint={options.hint}
      error={error(field)}
      name={field}
    />
  )

  const checkboxes = (
    field: ListField,
    values: readonly string[],
    options: { hint?: string; legend?: string; id?: string } = {},
  ) => {
    const errorId = `filtering-${options.id ?? field}-error`
    return (
      <fieldset className="min-w-0 md:col-span-2" aria-describedby={error(field) ? errorId : undefined}>
        <legend className="mb-1 font-medium text-slate-900">
          {options.legend ?? t(`lenderFiltering.field.${field}`)}
        </legend>
        {options.hint ? <p className="mb-2 text-sm text-slate-700">{options.hint}</p> : null}
        <div className="grid gap-2 sm:grid-cols-2">
          {values.map((value) => (
            <Checkbox
              key={value}
              label={filterValueLabel(t, field, value, false)}
              checked={(draft[field] as string[]).includes(value)}
              onChange={(event) => toggle(field, value, event.target.checked)}
            />
          ))}
        </div>
        {error(field) ? (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
            {error(field)}
          </p>
        ) : null}
      </fieldset>
    )
  }

  return (
    <>
      {view.mortgage ? (
        <p className="mt-4 rounded-md bg-brand-50 p-3 text-slate-800" data-testid="filtering-mortgage-note">
          {t('lenderPortal.filtering.mortgageNote')}
        </p>
      ) : null}
      <form onSubmit={save} noValidate className="mt-6 grid gap-6">
        <Section title={t('lenderFiltering.section.intake')}>
          <Checkbox
            className="md:col-span-2"
            label={t('lenderFiltering.field.acceptingApplications')}
            checked={draft.acceptingApplications}
            onChange={(event) => update({ acceptingApplications: event.target.checked })}
          />
          {numberField('dailyCap', { hint: t('lenderFiltering.hint.dailyCap'), max: 1_000_000 })}
          <p className="self-end text-slate-700">
            {t('lenderFiltering.hint.receivedToday', { count: view.receivedToday })}
          </p>
        </Section>

        <Section title={t('lenderFiltering.section.credit')}>
          {checkboxes('products', LENDER_PRODUCTS)}
          <p className="text-sm text-slate-700 md:col-span-2">{t('lenderFiltering.hint.amount')}</p>
          {numberField('minAmount', { max: 10_000_000 })}
          {numberField('maxAmount', { max: 10_000_000 })}
          {numberField('minMonths', { max: 600 })}
          {numberField('maxMonths', { max: 600 })}
        </Section>

        <Section title={t('lenderFiltering.section.applicant')}>
          {numberField('minAge', { max: 100 })}
          {numberField('maxAge', { max: 120, hint: t('lenderFiltering.hint.noLimit') })}
          {numberField('minNetIncome', { max: 1_000_000 })}
          {checkboxes('employmentTypes', EMPLOYMENT_TYPES)}
          {checkboxes('housingTypes', HOUSING_TYPES, { hint: t('lenderFiltering.hint.housing') })}
        </Section>

        <Section title={t('lenderFiltering.section.debts')}>
          {numberField('maxUnsecuredDebt', { hint: t('lenderFiltering.hint.unsecuredDebt') })}
          {numberField('maxDebtToIncome', {
            hint: t('lenderFiltering.hint.debtToIncome'),
            decimals: 2,
            max: 100,
          })}
          <RadioGroup
            className="md:col-span-2"
            label={t('lenderFiltering.field.acceptsPaymentDefaults')}
            value={draft.acceptsPaymentDefaults ? 'accept' : 'refuse'}
            onValueChange={(value) => update({ acceptsPaymentDefaults: value === 'accept' })}
            options={[
              { value: 'accept', label: t('lenderFiltering.paymentDefaults.accept') },
              { value: 'refuse', label: t('lenderFiltering.paymentDefaults.refuse') },
            ]}
          />
        </Section>

        <Section title={t('lenderFiltering.section.regions')}>
          {checkboxes('regions', REGIONS, {
            hint: t('lenderFiltering.hint.regions', {
              date: new Intl.DateTimeFormat(intlLocale, { dateStyle: 'long' }).format(
                new Date(`${REGION_TABLE_DATE}T12:00:00Z`),
              ),
            }),
          })}
        </Section>

        <Section title={t('lenderFiltering.section.purposes')}>
          <p className="text-sm text-slate-700 md:col-span-2">{t('lenderFiltering.hint.purposes')}</p>
          {checkboxes('excludedPurposes', CONSUMER_LOAN_PURPOSES, {
            id: 'consumer-purposes',
            legend: t('lenderFiltering.purposes.consumer'),
          })}
          {checkboxes('excludedPurposes', SME_LOAN_PURPOSES, {
            id: 'business-purposes',
            legend: t('lenderFiltering.purposes.business'),
          })}
        </Section>

        <div className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
          <p className="text-slate-700">{t('lenderFiltering.previewLead', { days: preview?.days ?? 30 })}</p>
          <div className="flex flex-wrap gap-3">
            <Button
              type="button"
              variant="secondary"
              onClick={runPreview}
              disabled={busy !== null}
              aria-busy={busy === 'preview'}
            >
              {t('lenderFiltering.preview')}
            </Button>
            <Button type="submit" variant="primary" disabled={busy !== null} aria-busy={busy === 'save'}>
              {t('lenderFiltering.save')}
            </Button>
          </div>
          <div role="status" aria-live="polite" className="grid gap-2">
            {preview ? (
              <p className="font-medium text-slate-900">
                {t('lenderFiltering.previewResult', {
                  days: preview.days,
                  applications: preview.applications,
                  draft: preview.draftMatched,
                  current: preview.currentMatched,
                })}
              </p>
            ) : null}
            {status ? <p>{status}</p> : null}
          </div>
        </div>
      </form>
      <FilteringHistory versions={view.versions} />
    </>
  )
}
