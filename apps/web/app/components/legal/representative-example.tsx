import { representativeExample } from '@lainava/domain/representative-example'
import { ExampleSection } from './example-text.tsx'

export { ExampleSection, ExampleText, monthsLabel, ratePercent } from './example-text.tsx'

/**
 * The representative example (law: wherever a credit term is stated) computed by the
 * domain functions as it renders, with the warning that borrowing money costs money. A page
 * whose loader computes the example shows `ExampleSection` instead, without the maths (ADR 053).
 */
export function RepresentativeExample({
  amount,
  years,
  brandName,
}: {
  amount: number
  years: number
  brandName: string
}) {
  return <ExampleSection example={representativeExample(amount, years)} brandName={brandName} />
}
