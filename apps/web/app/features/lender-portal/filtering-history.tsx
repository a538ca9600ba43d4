import type { LenderFilterVersion } from '@lainava/domain/marketplace/lender-filter'
import { useI18n } from '../../lib/i18n.tsx'
import { filterFieldValue } from './filtering-labels.ts'

/** Issue 17: every saved version of the filter, newest first: who, when and what changed. */
export function FilteringHistory({ versions }: { versions: readonly LenderFilterVersion[] }) {
  const { t, intlLocale } = useI18n()
  const when = new Intl.DateTimeFormat(intlLocale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Helsinki',
  })
  const number = new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 2 })
  const oldest = versions.at(-1)?.version
  return (
    <section aria-labelledby="filtering-history" className="mt-10">
      <h2 id="filtering-history" className="text-2xl font-semibold text-slate-900">
        {t('lenderFiltering.history')}
      </h2>
      {versions.length === 0 ? (
        <p className="mt-3 text-slate-700">{t('lenderFiltering.history.empty')}</p>
      ) : (
        <ol className="mt-3 grid gap-3">
          {versions.map((version) => (
            <li key={version.version} className="min-w-0 rounded-lg border border-slate-200 p-4">
              <h3 className="font-semibold text-slate-900">
                {t('lenderFiltering.history.version', { version: version.version })}
              </h3>
              <p className="text-sm text-slate-700 break-words">
                {t('lenderFiltering.history.by', {
                  who: version.changedBy ?? t('lenderFiltering.history.unknownUser'),
                  when: when.format(new Date(version.createdAt)),
                })}
              </p>
              {version.changes.length > 0 ? (
                <ul className="mt-2 list-disc pl-5 break-words">
                  {version.changes.map((change) => (
                    <li key={change.field}>
                      {t('lenderFiltering.history.change', {
                        field: t(`lenderFiltering.field.${change.field}`),
                        from: filterFieldValue(t, change.field, change.from, number.format),
                        to: filterFieldValue(t, change.field, change.to, number.format),
                      })}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-slate-700">
                  {version.version === oldest && version.changedBy === null
                    ? t('lenderFiltering.history.initial')
                    : t('lenderFiltering.history.noChanges')}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
