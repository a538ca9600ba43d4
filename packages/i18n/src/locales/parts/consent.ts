// Messages of the cookie consent (issue 18 item 4): the banner every page shows until the visitor
// chooses, the choice on the settings page, and the landing's call-to-action experiment (item 7).
// fi is the source; sv and en must have the same keys.

export const fi = {
  'consent.banner.label': 'Evästeasetukset',
  'consent.banner.title': 'Sallitko analytiikan ja markkinoinnin evästeet?',
  'consent.banner.text':
    'Välttämättömät evästeet pitävät palvelun toiminnassa. Jos sallit myös analytiikan ja markkinoinnin, tunnistamme laitteesi seuraavalla käynnillä ja mittaamme, mitkä sivumme toimivat. Voit muuttaa valintaa milloin tahansa asetuksista.',
  'consent.banner.policy': 'Lue evästekäytäntö',
  'consent.banner.acceptAll': 'Salli kaikki',
  'consent.banner.necessaryOnly': 'Vain välttämättömät',
  'consent.banner.choose': 'Valitse itse',
  'consent.banner.choices': 'Evästeiden valinnat',
  'consent.banner.necessary': 'Välttämättömät evästeet (aina käytössä)',
  'consent.banner.marketing': 'Analytiikka ja markkinointi',
  'consent.banner.save': 'Tallenna valinnat',
  'consent.settings.title': 'Evästeet tällä laitteella',
  'consent.settings.lead':
    'Valinta tallentuu tämän selaimen evästeeseen, joten se koskee vain tätä laitetta.',
  'consent.settings.saved': 'Evästevalinta tallennettu.',
  'landing.cta.compare': 'Vertaa lainatarjouksia',
} as const

export const sv: { readonly [K in keyof typeof fi]: string } = {
  'consent.banner.label': 'Inställningar för kakor',
  'consent.banner.title': 'Tillåter du kakor för analys och marknadsföring?',
  'consent.banner.text':
    'Nödvändiga kakor håller tjänsten igång. Om du också tillåter analys och marknadsföring känner vi igen din enhet vid nästa besök och mäter vilka av våra sidor som fungerar. Du kan ändra ditt val när som helst i inställningarna.',
  'consent.banner.policy': 'Läs om hur vi använder kakor',
  'consent.banner.acceptAll': 'Tillåt alla',
  'consent.banner.necessaryOnly': 'Endast nödvändiga',
  'consent.banner.choose': 'Välj själv',
  'consent.banner.choices': 'Val av kakor',
  'consent.banner.necessary': 'Nödvändiga kakor (alltid på)',
  'consent.banner.marketing': 'Analys och marknadsföring',
  'consent.banner.save': 'Spara valen',
  'consent.settings.title': 'Kakor på den här enheten',
  'consent.settings.lead':
    'Valet sparas i en kaka i den här webbläsaren och gäller därför bara den här enheten.',
  'consent.settings.saved': 'Valet av kakor har sparats.',
  'landing.cta.compare': 'Jämför lånerbjudanden',
}

export const en: { readonly [K in keyof typeof fi]: string } = {
  'consent.banner.label': 'Cookie settings',
  'consent.banner.title': 'Do you allow analytics and marketing cookies?',
  'consent.banner.text':
    'Necessary cookies keep the service working. If you also allow analytics and marketing, we recognise your device on your next visit and measure which of our pages work. You can change your choice at any time in the settings.',
  'consent.banner.policy': 'Read the cookie policy',
  'consent.banner.acceptAll': 'Allow all',
  'consent.banner.necessaryOnly': 'Necessary only',
  'consent.banner.choose': 'Let me choose',
  'consent.banner.choices': 'Cookie choices',
  'consent.banner.necessary': 'Necessary cookies (always on)',
  'consent.banner.marketing': 'Analytics and marketing',
  'consent.banner.save': 'Save my choices',
  'consent.settings.title': 'Cookies on this device',
  'consent.settings.lead':
    'The choice is kept in a cookie of this browser, so it applies to this device only.',
  'consent.settings.saved': 'Your cookie choice has been saved.',
  'landing.cta.compare': 'Compare loan offers',
}
