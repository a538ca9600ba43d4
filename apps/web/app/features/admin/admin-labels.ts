import { CONSUMER_LOAN_PURPOSES, SME_LOAN_PURPOSES } from '@lainava/domain/application/enums'
import { MORTGAGE_PURPOSES, type MortgagePurpose } from '@lainava/domain/mortgage/rules'
import type { MessageKey, Translate } from '@lainava/i18n'

// How the admin application page shows stored codes: the loan purpose and the lenders' decline reasons
// by their catalogue labels, in the admin's language. A value the catalogues do not know (an older form's
// purpose, an HTTP lender's own reason text) is shown as stored, never hidden.

/** The catalogue key of an enumeration value, as the forms label them: `enum.smePurpose.working-capital`. */
function enumKey(group: 'smePurpose' | 'purpose', value: string): MessageKey {
  return `enum.${group}.${value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}` as MessageKey
}

/**
 * The purpose as the applicant chose it: SME purposes for business credit, the mortgage form's for a
 * mortgage, consumer purposes otherwise.
 */
export function purposeLabel(t: Translate, kind: string, purpose: string | null | undefined): string {
  if (!purpose) return '–'
  if (kind === 'mortgage') {
    return (MORTGAGE_PURPOSES as readonly string[]).includes(purpose)
      ? t(`mortgage.option.purpose.${purpose as MortgagePurpose}`)
      : purpose
  }
  const business = kind === 'business-loan' || kind === 'factoring'
  const known: readonly string[] = business ? SME_LOAN_PURPOSES : CONSUMER_LOAN_PURPOSES
  return known.includes(purpose) ? t(enumKey(business ? 'smePurpose' : 'purpose', purpose)) : purpose
}

const DECLINE_REASONS = [
  'criteria',
  'affordability',
  'withdrawn',
  'declined',
  'amount',
  'period',
  'purpose',
  'product',
  'turnover',
  'loss',
  'industry',
  'company-age',
] as const

/** A lender's decline reason: ours by label, any other as the lender's own words. */
export function declineReasonLabel(t: Translate, reason: string): string {
  return (DECLINE_REASONS as readonly string[]).includes(reason)
    ? t(`admin.declineReason.${reason as (typeof DECLINE_REASONS)[number]}`)
    : t('admin.declineReason.other', { reason })
}
