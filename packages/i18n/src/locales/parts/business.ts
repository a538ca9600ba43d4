// Messages of one feature, kept apart so that the feature's work does not edit the big catalogues.
// fi is the source; sv and en must have the same keys. fi.ts, sv.ts and en.ts spread these in.

export const fi = {
  'validation.businessId.invalid': 'Y-tunnus ei ole oikein. Anna se muodossa 1234567-8.',
  'validation.sme.amount.range': 'Anna lainasumma sallitulta väliltä.',
  'validation.sme.period.range': 'Anna laina-aika kuukausina sallitulta väliltä.',
  'lenders.product.business-loan': 'yrityslaina',
  'lenders.product.factoring': 'factoring',
} as const

export const sv: { readonly [K in keyof typeof fi]: string } = {
  'validation.businessId.invalid': 'FO-numret är inte korrekt. Ange det i formen 1234567-8.',
  'validation.sme.amount.range': 'Ange ett lånebelopp inom det tillåtna intervallet.',
  'validation.sme.period.range': 'Ange lånetiden i månader inom det tillåtna intervallet.',
  'lenders.product.business-loan': 'företagslån',
  'lenders.product.factoring': 'factoring',
}

export const en: { readonly [K in keyof typeof fi]: string } = {
  'validation.businessId.invalid': 'The business ID is not correct. Enter it as 1234567-8.',
  'validation.sme.amount.range': 'Enter a loan amount within the allowed range.',
  'validation.sme.period.range': 'Enter the loan period in months within the allowed range.',
  'lenders.product.business-loan': 'business loan',
  'lenders.product.factoring': 'factoring',
}
