// Messages of the mortgage API (issue 16): its error messages and the applicant's e-mails on each
// bank's answer. fi is the source; sv and en must have the same keys.

export const fi = {
  'lenders.product.mortgage': 'asuntolaina',
  'mortgage.api.notFound': 'Asuntolainahakemusta ei löytynyt.',
  'mortgage.api.forbidden': 'Tämä asuntolainahakemus kuuluu toiselle käyttäjälle.',
  'mortgage.api.stepNotOnPath':
    'Tätä vaihetta ei ole hakemuksessasi. Kanssahakijan tiedot kysytään vain, kun hakemuksessa on kanssahakija.',
  'mortgage.api.stepNotReached': 'Täytä ensin hakemuksen edelliset vaiheet.',
  'mortgage.api.alreadySubmitted': 'Hakemus on jo lähetetty pankeille, eikä sitä voi enää muuttaa.',
  'mortgage.api.cancelled': 'Hakemus on peruttu.',
  'mortgage.api.incomplete': 'Hakemuksesta puuttuu tietoja. Täytä merkityt vaiheet ennen lähettämistä.',
  'mortgage.api.identificationRequired':
    'Tunnistaudu vahvasti pankkitunnuksilla ennen hakemuksen lähettämistä.',
  'mortgage.api.identificationMismatch':
    'Tunnistautunut henkilö ei ole hakija. Hakemuksen voi lähettää vain hakija itse omilla pankkitunnuksillaan.',
  'mortgage.api.offerNotFound': 'Asuntolainatarjousta ei löytynyt.',
  'mortgage.api.offerRefused':
    'Tarjousta ei hyväksytty: laina-aika ylittää lain enimmäisajan tai korko ei ole viitekorko lisättynä marginaalilla.',
  'mortgage.email.button': 'Katso hakemuksesi tilanne',
  'mortgage.email.settings':
    'Saat nämä viestit asuntolainahakemuksesi käsittelystä. Voit lopettaa ne tilisi asetuksista.',
  'mortgage.email.processing.subject': '{bank} käsittelee asuntolainahakemustasi – {brand}',
  'mortgage.email.processing.heading': '{bank} on aloittanut käsittelyn',
  'mortgage.email.processing.intro':
    '{bank} on ottanut asuntolainahakemuksesi käsittelyyn. Saat uuden viestin, kun pankki vastaa.',
  'mortgage.email.info-requested.subject': '{bank} pyytää lisätietoja – {brand}',
  'mortgage.email.info-requested.heading': '{bank} tarvitsee lisätietoja',
  'mortgage.email.info-requested.intro':
    '{bank} pyytää hakemukseesi lisätietoja ennen päätöstä. Pankki ottaa sinuun yhteyttä tai kertoo pyynnöstä hakemuksesi tilannesivulla.',
  'mortgage.email.offered.subject': 'Sait asuntolainatarjouksen: {bank} – {brand}',
  'mortgage.email.offered.heading': '{bank} teki sinulle tarjouksen',
  'mortgage.email.offered.intro':
    '{bank} tarjoaa sinulle asuntolainaa. Vertaile tarjousta muihin ja lue sen vakiomuotoinen ESIS-tiedote tilannesivulla.',
  'mortgage.email.declined.subject': '{bank} ei voi myöntää asuntolainaa – {brand}',
  'mortgage.email.declined.heading': '{bank} ei tehnyt tarjousta',
  'mortgage.email.declined.intro':
    '{bank} ei voi myöntää sinulle asuntolainaa tällä hakemuksella. Muiden pankkien vastaukset näet tilannesivulla.',
} as const

export const sv: { readonly [K in keyof typeof fi]: string } = {
  'lenders.product.mortgage': 'bostadslån',
  'mortgage.api.notFound': 'Bolåneansökan hittades inte.',
  'mortgage.api.forbidden': 'Den här bolåneansökan hör till en annan användare.',
  'mortgage.api.stepNotOnPath':
    'Det här steget finns inte i din ansökan. Uppgifter om en medsökande frågas bara när ansökan har en medsökande.',
  'mortgage.api.stepNotReached': 'Fyll först i ansökans tidigare steg.',
  'mortgage.api.alreadySubmitted': 'Ansökan har redan skickats till bankerna och kan inte längre ändras.',
  'mortgage.api.cancelled': 'Ansökan har återkallats.',
  'mortgage.api.incomplete': 'Uppgifter saknas i ansökan. Fyll i de markerade stegen innan du skickar den.',
  'mortgage.api.identificationRequired': 'Identifiera dig starkt med bankkoder innan du skickar ansökan.',
  'mortgage.api.identificationMismatch':
    'Den identifierade personen är inte sökanden. Ansökan kan bara skickas av sökanden själv med egna bankkoder.',
  'mortgage.api.offerNotFound': 'Bolåneerbjudandet hittades inte.',
  'mortgage.api.offerRefused':
    'Erbjudandet godtogs inte: lånetiden överskrider den lagstadgade maximitiden eller räntan är inte referensräntan plus marginalen.',
  'mortgage.email.button': 'Se hur det går med din ansökan',
  'mortgage.email.settings':
    'Du får de här meddelandena om behandlingen av din bolåneansökan. Du kan stänga av dem i kontots inställningar.',
  'mortgage.email.processing.subject': '{bank} behandlar din bolåneansökan – {brand}',
  'mortgage.email.processing.heading': '{bank} har börjat behandla ansökan',
  'mortgage.email.processing.intro':
    '{bank} har tagit din bolåneansökan till behandling. Du får ett nytt meddelande när banken svarar.',
  'mortgage.email.info-requested.subject': '{bank} ber om mer information – {brand}',
  'mortgage.email.info-requested.heading': '{bank} behöver mer information',
  'mortgage.email.info-requested.intro':
    '{bank} ber om mer information om din ansökan innan beslutet. Banken kontaktar dig eller berättar om begäran på ansökans statussida.',
  'mortgage.email.offered.subject': 'Du har fått ett bolåneerbjudande: {bank} – {brand}',
  'mortgage.email.offered.heading': '{bank} har gett dig ett erbjudande',
  'mortgage.email.offered.intro':
    '{bank} erbjuder dig ett bolån. Jämför erbjudandet med de andra och läs dess standardiserade ESIS-blankett på statussidan.',
  'mortgage.email.declined.subject': '{bank} kan inte bevilja bolånet – {brand}',
  'mortgage.email.declined.heading': '{bank} gav inget erbjudande',
  'mortgage.email.declined.intro':
    '{bank} kan inte bevilja dig ett bolån på den här ansökan. De andra bankernas svar ser du på statussidan.',
}

export const en: { readonly [K in keyof typeof fi]: string } = {
  'lenders.product.mortgage': 'mortgage',
  'mortgage.api.notFound': 'The mortgage application was not found.',
  'mortgage.api.forbidden': 'This mortgage application belongs to another user.',
  'mortgage.api.stepNotOnPath':
    'This step is not part of your application. The co-applicant’s details are asked only when the application has a co-applicant.',
  'mortgage.api.stepNotReached': 'Fill in the earlier steps of the application first.',
  'mortgage.api.alreadySubmitted':
    'The application has already been sent to the banks and can no longer be changed.',
  'mortgage.api.cancelled': 'The application has been cancelled.',
  'mortgage.api.incomplete':
    'The application is missing details. Fill in the marked steps before sending it.',
  'mortgage.api.identificationRequired':
    'Identify yourself with your online banking ID before sending the application.',
  'mortgage.api.identificationMismatch':
    'The person identified is not the applicant. Only the applicant can send the application, with their own banking ID.',
  'mortgage.api.offerNotFound': 'The mortgage offer was not found.',
  'mortgage.api.offerRefused':
    'The offer was refused: its period is over the legal maximum, or its rate is not the reference rate plus the margin.',
  'mortgage.email.button': 'See where your application is',
  'mortgage.email.settings':
    'You get these messages about how your mortgage application is handled. You can turn them off in your account settings.',
  'mortgage.email.processing.subject': '{bank} is processing your mortgage application – {brand}',
  'mortgage.email.processing.heading': '{bank} has started processing',
  'mortgage.email.processing.intro':
    '{bank} has started processing your mortgage application. We will e-mail you again when the bank answers.',
  'mortgage.email.info-requested.subject': '{bank} asks for more information – {brand}',
  'mortgage.email.info-requested.heading': '{bank} needs more information',
  'mortgage.email.info-requested.intro':
    '{bank} asks for more information about your application before deciding. The bank will contact you or describe the request on your application’s status page.',
  'mortgage.email.offered.subject': 'You have a mortgage offer: {bank} – {brand}',
  'mortgage.email.offered.heading': '{bank} made you an offer',
  'mortgage.email.offered.intro':
    '{bank} offers you a mortgage. Compare it with the others and read its standard ESIS information sheet on the status page.',
  'mortgage.email.declined.subject': '{bank} cannot grant the mortgage – {brand}',
  'mortgage.email.declined.heading': '{bank} made no offer',
  'mortgage.email.declined.intro':
    '{bank} cannot grant you a mortgage on this application. You can see the other banks’ answers on the status page.',
}
