// Messages of one feature, kept apart so that the feature's work does not edit the big catalogues.
// fi is the source; sv and en must have the same keys. fi.ts, sv.ts and en.ts spread these in.
// Issue 14: credit-card offers, and the offers screens for every product (card and business offers).

export const fi = {
  'cards.api.offerWrongProduct':
    'Tarjouksen ehdot ovat eri tuotteelle kuin hakemus: luottokorttihakemukseen vastataan korttitarjouksella ja lainahakemukseen lainatarjouksella.',
  'cards.offers.application.business': 'Yrityslainahakemus: {amount}, {period}',
  'cards.offers.application.factoring': 'Factoring-hakemus: {amount}',
  'cards.offers.group': 'Korttitarjoukset',
  'cards.offers.groupLead':
    'Tarjouksia verrataan edustavan esimerkin todellisella vuosikorolla: {drawn} nostetaan kerralla ja maksetaan takaisin 12 yhtä suuressa kuukausierässä.',
  'cards.offers.caption': 'Korttitarjoukset hakemallesi luottorajalle {amount}, järjestetty: {sort}',
  'cards.offers.smallerLimit': 'Luottoraja pienempi kuin haettu {amount}',
  'cards.offers.largerLimit': 'Luottoraja suurempi kuin haettu {amount}',
  'cards.col.card': 'Kortti',
  'cards.col.limit': 'Luottoraja',
  'cards.col.annualFee': 'Vuosimaksu',
  'cards.col.monthlyFee': 'Kuukausimaksu',
  'cards.col.gracePeriod': 'Koroton maksuaika',
  'cards.col.exampleApr': 'Todellinen vuosikorko (esimerkki)',
  'cards.col.exampleMonthly': 'Esimerkin kuukausierä',
  'cards.col.exampleTotal': 'Esimerkissä takaisin yhteensä',
  'cards.col.exampleDrawn': 'Esimerkin luotto',
  'cards.gracePeriod': '{days, plural, one {# päivä} other {# päivää}}',
  'cards.noGracePeriod': 'Ei korotonta aikaa',
  'cards.exampleTerms': '{drawn} nostettuna, 12 kuukausierää',
  'cards.example':
    'Edustava esimerkki: {lender}, {card}, luottoraja {limit}. Kun luottoa nostetaan kerralla {drawn} ja se maksetaan takaisin 12 yhtä suuressa kuukausierässä nimelliskorolla {nominalRate}, vuosimaksu {annualFee} ja kuukausimaksu {monthlyFee}: kuukausierä {monthlyPayment}, todellinen vuosikorko {apr}, luoton kokonaiskustannus {totalCost} ja takaisin maksettava yhteensä {totalPayable}. Koroton maksuaika: {grace}. Luotonvälittäjä: {brand}.',
  'cards.offer.confirmBody':
    'Hyväksyt kortin myöntäjän {lender} tarjouksen: {card}, luottoraja {limit}, vuosimaksu {annualFee}, todellinen vuosikorko {apr} (edustava esimerkki). Luottosopimus allekirjoitetaan myöntäjän palvelussa vahvalla tunnistautumisella; vasta allekirjoitus sitoo sinut.',
  'cards.offer.acceptedNext':
    'Seuraava vaihe: {lender} lähettää sinulle luottosopimuksen allekirjoitettavaksi. Kortti toimitetaan, kun sopimus on allekirjoitettu. Kuluttajaluotolla on 14 päivän peruuttamisoikeus.',
  'cards.business.aprLabel': 'Todellinen vuosikorko (markkinakäytäntö)',
  'cards.business.personalGuarantee': 'Vaatii henkilötakauksen',
  'cards.business.guaranteeLabel': 'Henkilötakaus',
  'cards.business.guaranteeYes': 'Vaaditaan',
  'cards.business.guaranteeNo': 'Ei vaadita',
  'cards.business.capsNote':
    'Kuluttajaluottojen korko- ja kulukatot eivät koske yritysrahoitusta. Todellinen vuosikorko on laskettu markkinakäytännön mukaan samalla kaavalla kuin kuluttajaluotoissa, jotta tarjoukset ovat vertailtavissa.',
  'cards.business.example':
    'Esimerkki: {lender} – {amount}, korko {nominalRate}, avausmaksu {openingFee}, kuukausimaksu {monthlyFee}/kk, {months} kk: kuukausierä {monthlyPayment}, kokonaiskustannus {totalCost}, takaisin maksettava yhteensä {totalPayable}, todellinen vuosikorko markkinakäytännön mukaan {apr}. Välittäjä: {brand}.',
  'cards.business.confirmBody':
    'Hyväksyt rahoittajan {lender} tarjouksen yrityksellesi: {amount}, kuukausierä {monthlyPayment}. Rahoitussopimus allekirjoitetaan rahoittajan palvelussa; vasta allekirjoitus sitoo yritystä.',
  'cards.business.acceptedNext':
    'Seuraava vaihe: {lender} ottaa yhteyttä yritykseesi rahoitussopimuksen allekirjoittamiseksi.',
  'cards.factoring.group': 'Factoring-tarjoukset',
  'cards.factoring.groupLead':
    'Tarjouksia verrataan todellisella vuosikorolla. Tarjouksen summa on ennakkoraja: osuus maksamattomista laskuistasi ({amount}), jonka rahoittaja maksaa yrityksellesi etukäteen. Ennakkoraja on aina laskujen summaa pienempi, ja osuus vaihtelee rahoittajittain.',
  'cards.factoring.caption': 'Factoring-tarjoukset laskuillesi {amount}, järjestetty: {sort}',
  'cards.factoring.advanceLimit': 'Ennakkoraja',
  'cards.factoring.advanceLimitTerm': 'Ennakkoraja ja sopimusaika',
} as const

export const sv: { readonly [K in keyof typeof fi]: string } = {
  'cards.api.offerWrongProduct':
    'Offertens villkor gäller en annan produkt än ansökan: en kreditkortsansökan besvaras med ett kortanbud och en låneansökan med ett lånerbjudande.',
  'cards.offers.application.business': 'Företagslåneansökan: {amount}, {period}',
  'cards.offers.application.factoring': 'Factoringansökan: {amount}',
  'cards.offers.group': 'Kortanbud',
  'cards.offers.groupLead':
    'Anbuden jämförs med det representativa exemplets effektiva ränta: {drawn} tas ut på en gång och betalas tillbaka i 12 lika stora månadsbetalningar.',
  'cards.offers.caption': 'Kortanbud för den kreditgräns du ansökte om, {amount}, ordnade: {sort}',
  'cards.offers.smallerLimit': 'Kreditgränsen lägre än ansökta {amount}',
  'cards.offers.largerLimit': 'Kreditgränsen högre än ansökta {amount}',
  'cards.col.card': 'Kort',
  'cards.col.limit': 'Kreditgräns',
  'cards.col.annualFee': 'Årsavgift',
  'cards.col.monthlyFee': 'Månadsavgift',
  'cards.col.gracePeriod': 'Räntefri betalningstid',
  'cards.col.exampleApr': 'Effektiv ränta (exempel)',
  'cards.col.exampleMonthly': 'Exemplets månadsbetalning',
  'cards.col.exampleTotal': 'Att betala tillbaka i exemplet',
  'cards.col.exampleDrawn': 'Exemplets kredit',
  'cards.gracePeriod': '{days, plural, one {# dag} other {# dagar}}',
  'cards.noGracePeriod': 'Ingen räntefri tid',
  'cards.exampleTerms': '{drawn} uttaget, 12 månadsbetalningar',
  'cards.example':
    'Representativt exempel: {lender}, {card}, kreditgräns {limit}. När {drawn} tas ut på en gång och betalas tillbaka i 12 lika stora månadsbetalningar med nominell ränta {nominalRate}, årsavgift {annualFee} och månadsavgift {monthlyFee}: månadsbetalning {monthlyPayment}, effektiv ränta {apr}, kreditens totalkostnad {totalCost} och att återbetala totalt {totalPayable}. Räntefri betalningstid: {grace}. Kreditförmedlare: {brand}.',
  'cards.offer.confirmBody':
    'Du godkänner kortanbudet från {lender}: {card}, kreditgräns {limit}, årsavgift {annualFee}, effektiv ränta {apr} (representativt exempel). Kreditavtalet undertecknas i utgivarens tjänst med stark autentisering; först underskriften binder dig.',
  'cards.offer.acceptedNext':
    'Nästa steg: {lender} skickar kreditavtalet till dig för underskrift. Kortet skickas när avtalet är undertecknat. En konsumentkredit har 14 dagars ångerrätt.',
  'cards.business.aprLabel': 'Effektiv ränta (marknadspraxis)',
  'cards.business.personalGuarantee': 'Kräver personlig borgen',
  'cards.business.guaranteeLabel': 'Personlig borgen',
  'cards.business.guaranteeYes': 'Krävs',
  'cards.business.guaranteeNo': 'Krävs inte',
  'cards.business.capsNote':
    'Konsumentkrediternas ränte- och kostnadstak gäller inte företagsfinansiering. Den effektiva räntan är beräknad enligt marknadspraxis med samma formel som för konsumentkrediter, så att anbuden kan jämföras.',
  'cards.business.example':
    'Exempel: {lender} – {amount}, ränta {nominalRate}, uppläggningsavgift {openingFee}, månadsavgift {monthlyFee}/mån, {months} mån: månadsbetalning {monthlyPayment}, totalkostnad {totalCost}, att återbetala totalt {totalPayable}, effektiv ränta enligt marknadspraxis {apr}. Förmedlare: {brand}.',
  'cards.business.confirmBody':
    'Du godkänner anbudet från {lender} för ditt företag: {amount}, månadsbetalning {monthlyPayment}. Finansieringsavtalet undertecknas i finansiärens tjänst; först underskriften binder företaget.',
  'cards.business.acceptedNext':
    'Nästa steg: {lender} kontaktar ditt företag för att underteckna finansieringsavtalet.',
  'cards.factoring.group': 'Factoringanbud',
  'cards.factoring.groupLead':
    'Anbuden jämförs med den effektiva räntan. Anbudets belopp är förskottsgränsen: den andel av dina obetalda fakturor ({amount}) som finansiären betalar ut till ditt företag i förskott. Förskottsgränsen är alltid lägre än fakturornas belopp, och andelen varierar mellan finansiärerna.',
  'cards.factoring.caption': 'Factoringanbud för dina fakturor på {amount}, ordnade: {sort}',
  'cards.factoring.advanceLimit': 'Förskottsgräns',
  'cards.factoring.advanceLimitTerm': 'Förskottsgräns och avtalstid',
}

export const en: { readonly [K in keyof typeof fi]: string } = {
  'cards.api.offerWrongProduct':
    'The terms are for another product than the application: a credit card application is answered with a card offer and a loan application with a loan offer.',
  'cards.offers.application.business': 'Business loan application: {amount}, {period}',
  'cards.offers.application.factoring': 'Factoring application: {amount}',
  'cards.offers.group': 'Card offers',
  'cards.offers.groupLead':
    'Offers are compared by the APR of the representative example: {drawn} drawn at once and repaid in 12 equal monthly instalments.',
  'cards.offers.caption': 'Card offers for the credit limit you asked for, {amount}, sorted by: {sort}',
  'cards.offers.smallerLimit': 'Credit limit lower than the {amount} asked',
  'cards.offers.largerLimit': 'Credit limit higher than the {amount} asked',
  'cards.col.card': 'Card',
  'cards.col.limit': 'Credit limit',
  'cards.col.annualFee': 'Annual fee',
  'cards.col.monthlyFee': 'Monthly fee',
  'cards.col.gracePeriod': 'Interest-free period',
  'cards.col.exampleApr': 'APR (example)',
  'cards.col.exampleMonthly': 'Monthly payment in the example',
  'cards.col.exampleTotal': 'Total payable in the example',
  'cards.col.exampleDrawn': 'Credit in the example',
  'cards.gracePeriod': '{days, plural, one {# day} other {# days}}',
  'cards.noGracePeriod': 'No interest-free period',
  'cards.exampleTerms': '{drawn} drawn, 12 monthly instalments',
  'cards.example':
    'Representative example: {lender}, {card}, credit limit {limit}. When {drawn} is drawn at once and repaid in 12 equal monthly instalments at a nominal rate of {nominalRate}, with an annual fee of {annualFee} and a monthly fee of {monthlyFee}: monthly payment {monthlyPayment}, APR {apr}, total cost of credit {totalCost} and total payable {totalPayable}. Interest-free period: {grace}. Credit intermediary: {brand}.',
  'cards.offer.confirmBody':
    "You accept the card offer from {lender}: {card}, credit limit {limit}, annual fee {annualFee}, APR {apr} (representative example). The credit agreement is signed in the issuer's service with strong identification; only your signature binds you.",
  'cards.offer.acceptedNext':
    'Next: {lender} sends you the credit agreement to sign. The card is sent once the agreement is signed. Consumer credit has a 14-day right of withdrawal.',
  'cards.business.aprLabel': 'APR (market practice)',
  'cards.business.personalGuarantee': 'Personal guarantee required',
  'cards.business.guaranteeLabel': 'Personal guarantee',
  'cards.business.guaranteeYes': 'Required',
  'cards.business.guaranteeNo': 'Not required',
  'cards.business.capsNote':
    'The consumer-credit interest and cost caps do not apply to business credit. The APR is computed as market practice does, with the same equation as for consumer credit, so that offers can be compared.',
  'cards.business.example':
    'Example: {lender} – {amount}, interest {nominalRate}, opening fee {openingFee}, monthly fee {monthlyFee}/month, {months} months: monthly payment {monthlyPayment}, total cost {totalCost}, total payable {totalPayable}, APR as market practice {apr}. Broker: {brand}.',
  'cards.business.confirmBody':
    "You accept the offer from {lender} for your company: {amount}, monthly payment {monthlyPayment}. The financing agreement is signed in the lender's service; only the signature binds the company.",
  'cards.business.acceptedNext': 'Next: {lender} contacts your company to sign the financing agreement.',
  'cards.factoring.group': 'Factoring offers',
  'cards.factoring.groupLead':
    'Offers are compared by APR. The amount of an offer is the advance limit: the share of your unpaid invoices ({amount}) that the financier pays your company in advance. The advance limit is always below the invoices, and the share differs by financier.',
  'cards.factoring.caption': 'Factoring offers for your invoices of {amount}, sorted by: {sort}',
  'cards.factoring.advanceLimit': 'Advance limit',
  'cards.factoring.advanceLimitTerm': 'Advance limit and term',
}
