import type { AdminMortgage } from '@lainava/domain/admin'
import { formatCurrency } from '@lainava/i18n'
import type { ReactNode } from 'react'
import { Facts, SECTION } from '../../components/ui/facts.tsx'
import { useI18n } from '../../lib/i18n.tsx'

// A mortgage application's own sections on the admin page (ADR 061): the property, the loan applied
// for, own funds and other funding, and the household with each applicant's work, income, wealth and
// other loans. Enumerations by the mortgage form's option labels (`mortgage.option.*`). A section
// stored in a shape the API does not read comes as null and says so; the others still show.

type Row = [string, ReactNode]

export function MortgageSections({ mortgage }: { mortgage: AdminMortgage | null }) {
  const { t, intlLocale } = useI18n()
  if (!mortgage) {
    return (
      <section aria-labelledby="app-mortgage" className={SECTION}>
        <h2 id="app-mortgage" className="text-xl font-semibold">
          {t('admin.kind.mortgage')}
        </h2>
        <p className="mt-2">{t('admin.app.mortgage.unavailable')}</p>
      </section>
    )
  }
  const { property, loan, funding, household } = mortgage
  const euros = (value: number) => formatCurrency(intlLocale, value, { cents: false })
  const yesNo = (value: boolean) => t(value ? 'admin.app.yes' : 'admin.app.no')
  const area = (value: number) =>
    `${new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 1 }).format(value)} m²`
  const month = (value: string) =>
    /^\d{4}-\d{2}$/.test(value)
      ? new Intl.DateTimeFormat(intlLocale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(
          new Date(`${value}-01T00:00:00Z`),
        )
      : value
  const years = (count: number) => t('admin.app.mortgage.yearsValue', { count })
  const unavailable = <p className="mt-2">{t('admin.app.mortgage.sectionUnavailable')}</p>

  return (
    <>
      <section aria-labelledby="app-property" className={SECTION} data-testid="mortgage-property">
        <h2 id="app-property" className="text-xl font-semibold">
          {t('admin.app.mortgage.property')}
        </h2>
        {property ? (
          <Facts
            rows={[
              [
                t('admin.app.mortgage.propertyType'),
                t(`mortgage.option.propertyType.${property.propertyType}`),
              ],
              [t('admin.app.mortgage.location'), `${property.postalCode} ${property.city}`],
              [t('admin.app.mortgage.price'), euros(property.price)],
              [t('admin.app.mortgage.livingArea'), area(property.livingArea)],
              [t('admin.app.mortgage.buildYear'), String(property.buildYear)],
              [t('admin.app.mortgage.housingCompanyLoanShare'), euros(property.housingCompanyLoanShare)],
              [t('admin.app.mortgage.maintenanceCharge'), euros(property.maintenanceCharge)],
            ]}
          />
        ) : (
          unavailable
        )}
      </section>

      <section aria-labelledby="app-loan" className={SECTION} data-testid="mortgage-loan">
        <h2 id="app-loan" className="text-xl font-semibold">
          {t('admin.app.mortgage.loan')}
        </h2>
        {loan ? (
          <Facts
            rows={[
              [t('admin.app.mortgage.loanAmount'), euros(loan.loanAmount)],
              [t('admin.app.mortgage.years'), years(loan.years)],
              [
                t('admin.app.mortgage.repaymentType'),
                t(`mortgage.option.repaymentType.${loan.repaymentType}`),
              ],
              [
                t('admin.app.mortgage.referenceRate'),
                t(`mortgage.option.referenceRate.${loan.referenceRate}`),
              ],
              ...(loan.fixedPeriodYears === null
                ? []
                : [[t('admin.app.mortgage.fixedPeriodYears'), years(loan.fixedPeriodYears)] as Row]),
            ]}
          />
        ) : (
          unavailable
        )}
      </section>

      <section aria-labelledby="app-funding" className={SECTION} data-testid="mortgage-funding">
        <h2 id="app-funding" className="text-xl font-semibold">
          {t('admin.app.mortgage.funding')}
        </h2>
        {funding ? (
          <Facts
            rows={[
              [t('admin.app.mortgage.ownFunds'), euros(funding.ownFunds)],
              [
                t('admin.app.mortgage.ownFundsSources'),
                funding.ownFundsSources.length > 0
                  ? funding.ownFundsSources
                      .map((source) => t(`mortgage.option.ownFundsSource.${source}`))
                      .join(', ')
                  : '–',
              ],
              [t('admin.app.mortgage.aspSaving'), yesNo(funding.aspSaving)],
              ...(funding.aspBalance === null
                ? []
                : [[t('admin.app.mortgage.aspBalance'), euros(funding.aspBalance)] as Row]),
              [t('admin.app.mortgage.otherCollateral'), yesNo(funding.otherCollateral)],
              ...(funding.otherCollateralDescription === null
                ? []
                : [
                    [
                      t('admin.app.mortgage.otherCollateralDescription'),
                      funding.otherCollateralDescription,
                    ] as Row,
                  ]),
              ...(funding.otherCollateralValue === null
                ? []
                : [
                    [
                      t('admin.app.mortgage.otherCollateralValue'),
                      euros(funding.otherCollateralValue),
                    ] as Row,
                  ]),
              [t('admin.app.mortgage.stateGuarantee'), yesNo(funding.stateGuarantee)],
            ]}
          />
        ) : (
          unavailable
        )}
      </section>

      <section aria-labelledby="app-household" className={SECTION} data-testid="mortgage-household">
        <h2 id="app-household" className="text-xl font-semibold">
          {t('admin.app.mortgage.household')}
        </h2>
        <Facts
          rows={[
            [t('admin.app.mortgage.hasCoApplicant'), yesNo(mortgage.hasCoApplicant)],
            ...(household
              ? ([
                  [t('admin.app.mortgage.adults'), String(household.adults)],
                  [t('admin.app.mortgage.children'), String(household.children)],
                  [t('admin.app.mortgage.childMaintenanceCosts'), euros(household.childMaintenanceCosts)],
                  [t('admin.app.mortgage.otherHousingCosts'), euros(household.otherHousingCosts)],
                ] as Row[])
              : []),
          ]}
        />
        {household ? null : unavailable}
        {mortgage.applicants.map(({ role, details: applicant }) => (
          <div key={role} className="mt-4">
            <h3 className="font-semibold">
              {t(role === 'co' ? 'admin.app.role.co' : 'admin.app.role.main')}
            </h3>
            {applicant ? (
              <Facts
                rows={[
                  [
                    t('admin.app.mortgage.employmentType'),
                    t(`mortgage.option.employmentType.${applicant.employmentType}`),
                  ],
                  [t('admin.app.mortgage.occupation'), applicant.occupation],
                  ...(applicant.employer === null
                    ? []
                    : [[t('admin.app.mortgage.employer'), applicant.employer] as Row]),
                  ...(applicant.employedSince === null
                    ? []
                    : [[t('admin.app.mortgage.employedSince'), month(applicant.employedSince)] as Row]),
                  [t('admin.app.mortgage.grossIncome'), euros(applicant.monthlyGrossIncome)],
                  [t('admin.app.mortgage.netIncome'), euros(applicant.monthlyNetIncome)],
                  [t('admin.app.mortgage.otherIncome'), euros(applicant.otherMonthlyIncome)],
                  [t('admin.app.mortgage.savings'), euros(applicant.savings)],
                  [t('admin.app.mortgage.investments'), euros(applicant.investments)],
                  [
                    t('admin.app.mortgage.otherLoans'),
                    applicant.otherLoans.length === 0 ? (
                      t('admin.app.mortgage.noOtherLoans')
                    ) : (
                      <ul key="loans" className="grid gap-1">
                        {applicant.otherLoans.map((other, index) => (
                          // Loans have no id; their order is the applicant's.
                          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
                          <li key={index}>
                            {t('admin.app.mortgage.otherLoan', {
                              type: t(`mortgage.option.loanType.${other.type}`),
                              lender: other.lender,
                              balance: euros(other.balance),
                              payment: euros(other.monthlyPayment),
                            })}
                          </li>
                        ))}
                      </ul>
                    ),
                  ],
                ]}
              />
            ) : (
              unavailable
            )}
          </div>
        ))}
      </section>
    </>
  )
}
