// Messages of analytics and affiliate tracking (issue 18 items 5 and 6): the events endpoint's errors and
// the admin application page's traffic source. fi is the source; sv and en must have the same keys.

export const fi = {
  'validation.analytics.personalData':
    'Tapahtumassa ei saa olla henkilötietoja (sähköpostiosoitetta, henkilötunnusta tai puhelinnumeroa).',
  'admin.application.trafficSource': 'Liikenteen lähde',
  'admin.application.affiliate': 'Kumppaniverkosto',
  'admin.application.affiliateTrackingId': 'Klikkauksen tunniste',
  'admin.application.affiliateCampaign': 'Kampanja',
  'admin.application.affiliateClickedAt': 'Klikattu',
  'admin.application.trafficSourceUnknown': 'Ei tiedossa (suora)',
} as const

export const sv: { readonly [K in keyof typeof fi]: string } = {
  'validation.analytics.personalData':
    'Händelsen får inte innehålla personuppgifter (e-postadress, personbeteckning eller telefonnummer).',
  'admin.application.trafficSource': 'Trafikkälla',
  'admin.application.affiliate': 'Partnernätverk',
  'admin.application.affiliateTrackingId': 'Klickets id',
  'admin.application.affiliateCampaign': 'Kampanj',
  'admin.application.affiliateClickedAt': 'Klickat',
  'admin.application.trafficSourceUnknown': 'Okänd (direkt)',
}

export const en: { readonly [K in keyof typeof fi]: string } = {
  'validation.analytics.personalData':
    'An event must not carry personal data (an e-mail address, identity code or phone number).',
  'admin.application.trafficSource': 'Traffic source',
  'admin.application.affiliate': 'Affiliate network',
  'admin.application.affiliateTrackingId': 'Click id',
  'admin.application.affiliateCampaign': 'Campaign',
  'admin.application.affiliateClickedAt': 'Clicked',
  'admin.application.trafficSourceUnknown': 'Unknown (direct)',
}
