// Finnish is the source catalogue: every other language must have the same keys
// (the `Messages` type makes a missing key a type error). ICU syntax, see format.ts.
export const fi = {
  'meta.landing.title': '{brand} – kilpailuta laina yhdellä hakemuksella',
  'meta.landing.description':
    'Täytä yksi maksuton hakemus ja vertaile lainatarjouksia usealta lainanantajalta: todellinen vuosikorko, kuukausierä ja kokonaiskulut rinnakkain.',
  'site.skipToContent': 'Siirry pääsisältöön',
  'site.homeLink': '{brand} – etusivu',
  'header.login': 'Kirjaudu',
  'header.language': 'Kieli',
  'header.mainNav': 'Päävalikko',
  'footer.company': '{brand} on lainanvälittäjä. Lainan myöntää aina lainanantaja, ei {brand}.',
  'footer.legal': 'Oikeudelliset tiedot',
  'footer.privacy': 'Tietosuojaseloste',
  'footer.terms': 'Käyttöehdot',
  'footer.cookies': 'Evästekäytäntö',
  'footer.principles': 'Reilun lainavertailun periaatteet',
  'footer.contact': 'Ota yhteyttä',
  'footer.copyright': '© {year} {brand}',
  'landing.hero.title': 'Yksi hakemus, tarjoukset monelta lainanantajalta',
  'landing.hero.lead':
    'Täytä maksuton lainahakemus kerran. Välitämme sen sinulle sopiville lainanantajille, ja vertailet saamiasi tarjouksia rinnakkain.',
  'landing.how.title': 'Näin palvelu toimii',
  'landing.how.step1.title': 'Yksi hakemus',
  'landing.how.step1.text': 'Kerrot lainan määrän, laina-ajan ja tietosi yhdellä lomakkeella.',
  'landing.how.step2.title': 'Monta lainanantajaa',
  'landing.how.step2.text':
    'Hakemuksesi menee vain niille lainanantajille, joiden ehtoihin se sopii. Näet aina, ketkä sen saavat.',
  'landing.how.step3.title': 'Maksuton vertailu',
  'landing.how.step3.text':
    'Vertailet tarjouksia todellisen vuosikoron, kuukausierän ja kokonaiskulujen mukaan. Palvelu on sinulle maksuton, eikä hakemus sido sinua mihinkään.',
  'calculator.title': 'Lainalaskuri',
  'calculator.amount': 'Lainasumma',
  'calculator.period': 'Laina-aika',
  'calculator.years': '{count, plural, one {# vuosi} other {# vuotta}}',
  'calculator.monthlyPayment': 'Arvioitu kuukausierä',
  'calculator.perMonth': '{amount}/kk',
  'calculator.submit': 'Hae lainaa',
  'calculator.min': 'Vähintään {value}',
  'calculator.max': 'Enintään {value}',
  'example.title': 'Edustava esimerkki',
  'example.text':
    'Kun lainasumma on {amount}, laina-aika {years}, nimelliskorko {nominal}, avausmaksu {openingFee} ja tilinhoitomaksu {monthlyFee} kuukaudessa, todellinen vuosikorko on {apr}. Kuukausierä on {payment}, luoton kokonaiskustannukset {cost} ja takaisin maksettava kokonaismäärä {total}.',
  'example.apr': 'Todellinen vuosikorko',
  'example.nominal': 'Nimelliskorko',
  'example.costs': 'Luoton kokonaiskustannukset',
  'example.total': 'Maksettava yhteensä',
  'example.note':
    'Esimerkki perustuu keskimääräiseen hinnoitteluun. Lainanantajien tarjoukset ja korot riippuvat hakemuksestasi; {brand} ei lupaa halvinta lainaa.',
  'warning.borrowingCosts': 'Huomio! Rahan lainaaminen maksaa.',
  'status.notFound.title': 'Sivua ei löytynyt',
  'status.notFound.text': 'Etsimääsi sivua ei ole, tai se on siirretty.',
  'status.error.title': 'Jokin meni vikaan',
  'status.error.text': 'Sivun näyttäminen epäonnistui. Yritä hetken kuluttua uudelleen.',
  'status.backHome': 'Etusivulle',
  'language.fi': 'Suomi',
  'language.sv': 'Svenska',
  'language.en': 'English',
  'status.maintenance.title': 'Huoltokatko',
  'status.maintenance.text':
    'Palvelua huolletaan parhaillaan. Tallennetut hakemuksesi ovat tallessa. Yritä hetken kuluttua uudelleen.',
  'status.forbidden.title': 'Ei käyttöoikeutta',
  'status.forbidden.text':
    'Sinulla ei ole oikeutta tähän sivuun, tai istuntosi on päättynyt. Kirjaudu sisään uudelleen.',
  'status.comingSoon.title': 'Tulossa pian',
  'status.comingSoon.text': 'Tämä palvelu ei ole vielä käytettävissä tällä kielellä tai tässä maassa.',
  'status.notSupported.title': 'Palvelu ei ole saatavilla maassasi',
  'status.notSupported.text':
    '{brand} välittää toistaiseksi lainoja vain Suomessa. Voit tutustua palveluun suomeksi, ruotsiksi tai englanniksi.',
  'status.notSupported.link': 'Siirry suomalaiseen palveluun',
  'status.test.title': 'Testisivu',
  'status.test.text':
    'Tämä sivu on palvelun toiminnan tarkistamista varten. Jos näet sen, sivut ja reititys toimivat.',
  'status.demo.title': 'Esittely',
  'status.demo.text':
    'Näin {brand} toimii: täytät yhden hakemuksen, se menee sopiville lainanantajille ja vertailet tarjouksia rinnakkain.',
  'status.login': 'Kirjaudu sisään',
  'navigation.delayed': 'Ladataan sivua…',
  'pageData.couldNotLoad': 'Emme saaneet ladattua tiedostoa {path}',
  'language.lv': 'Latviešu',
  'language.ru-lv': 'Русский',
  'language.pl': 'Polski',
  'language.ro': 'Română',
  'language.da': 'Dansk',
  'language.hu': 'Magyar',
  'language.sv-se': 'Svenska (Sverige)',
} as const

export type MessageKey = keyof typeof fi
export type Messages = { readonly [K in MessageKey]: string }
