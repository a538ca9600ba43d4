// Messages of the feature flags (issue 18): the flag API's errors. fi is the source; sv and en must
// have the same keys.

export const fi = {
  'flags.error.unknownKey': 'Tuntematon asiakasavain.',
  'flags.error.wrongEndpoint': 'Tämä asiakasavain ei käy tähän osoitteeseen (etäarviointi tai säännöt).',
  'flags.error.notFound': 'Ominaisuuslippua ei löydy.',
  'flags.error.key': 'Käytä pieniä kirjaimia, numeroita sekä merkkejä - _ ja . (enintään 100 merkkiä).',
  'flags.error.valueType': 'Arvo ei ole lipun tyyppiä.',
  'flags.error.evalEncrypted': 'Etäarvioinnin avainta ei salata.',
} as const

export const sv: { readonly [K in keyof typeof fi]: string } = {
  'flags.error.unknownKey': 'Okänd klientnyckel.',
  'flags.error.wrongEndpoint':
    'Den här klientnyckeln passar inte den här adressen (fjärrutvärdering eller regler).',
  'flags.error.notFound': 'Funktionsflaggan finns inte.',
  'flags.error.key': 'Använd små bokstäver, siffror och tecknen - _ och . (högst 100 tecken).',
  'flags.error.valueType': 'Värdet är inte av flaggans typ.',
  'flags.error.evalEncrypted': 'En nyckel för fjärrutvärdering krypteras inte.',
}

export const en: { readonly [K in keyof typeof fi]: string } = {
  'flags.error.unknownKey': 'Unknown client key.',
  'flags.error.wrongEndpoint': 'This client key does not fit this endpoint (remote evaluation or rules).',
  'flags.error.notFound': 'No such feature flag.',
  'flags.error.key': 'Use lower-case letters, digits and - _ . (at most 100 characters).',
  'flags.error.valueType': 'The value is not of the flag’s type.',
  'flags.error.evalEncrypted': 'A remote-evaluation key is never encrypted.',
}
