import { SME_LOAN_PURPOSES } from '@lainava/domain/application/enums'
import type { LenderFilterField } from '@lainava/domain/marketplace/lender-filter'
import type { MessageKey, Translate } from '@lainava/i18n'

// Issue 17: the catalogue labels of a filter's values, for the form and the version history.

/** `self owned` → `self-owned`, `Buying equipment` → `buying-equipment` (the catalogues' enum slugs). */
const slug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

const isSmePurpose = (value: string) => (SME_LOAN_PURPOSES as readonly string[]).includes(value)

/**
 * The label of one value of a list field of the filter. A business purpose says it is one (`grouped`),
 * except under the form's own business heading.
 */
export function filterValueLabel(t: Translate, field: string, value: string, grouped = true): string {
  switch (field) {
    case 'products':
      return t(`lenderFiltering.product.${value}` as MessageKey)
    case 'regions':
      return t(`lenderFiltering.region.${value}` as MessageKey)
    case 'employmentTypes':
      return t(`enum.employment.${slug(value)}` as MessageKey)
    case 'housingTypes':
      return t(`enum.housing.${slug(value)}` as MessageKey)
    case 'excludedPurposes':
      if (!isSmePurpose(value)) return t(`enum.purpose.${slug(value)}` as MessageKey)
      return grouped
        ? `${t('lenderFiltering.purposes.business')}: ${t(`enum.smePurpose.${slug(value)}` as MessageKey)}`
        : t(`enum.smePurpose.${slug(value)}` as MessageKey)
    default:
      return value
  }
}

/** A value of any field as the version history shows it: lists by their labels, no limit as such. */
export function filterFieldValue(
  t: Translate,
  field: LenderFilterField,
  value: unknown,
  formatNumber: (value: number) => string,
): string {
  if (value === null || value === undefined) return t('lenderFiltering.value.none')
  if (typeof value === 'boolean') return t(value ? 'lenderFiltering.value.yes' : 'lenderFiltering.value.no')
  if (typeof value === 'number') return formatNumber(value)
  if (Array.isArray(value)) {
    return value.length === 0
      ? t('lenderFiltering.value.empty')
      : value.map((item) => filterValueLabel(t, field, String(item))).join(', ')
  }
  return String(value)
}
