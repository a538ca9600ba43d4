// Messages of one feature, kept apart so that the feature's work does not edit the big catalogues.
// fi is the source; sv and en must have the same keys. fi.ts, sv.ts and en.ts spread these in.
// Issue 16 item 5: strong identification (bank ID) of the mortgage applicant, and the local test provider.

export const fi = {
  'identification.api.unavailable':
    'Vahva tunnistautuminen ei ole juuri nyt käytettävissä. Yritä myöhemmin uudelleen.',
  'identification.api.notFound': 'Asuntolainahakemusta ei löytynyt.',
  'identification.api.notDraft': 'Hakemus on jo lähetetty, joten sitä ei voi enää allekirjoittaa uudelleen.',
  'identification.api.noApplicant':
    'Täytä ensin hakijan henkilötiedot ja henkilötunnus, niin voit tunnistautua hakijana.',
  'identification.result.ok':
    'Tunnistautuminen onnistui. Hakemuksesi on allekirjoitettu vahvalla tunnistuksella.',
  'identification.result.HETU_MISMATCH':
    'Tunnistautunut henkilö ei ole hakija. Hakemuksen voi allekirjoittaa vain päähakija omilla tunnuksillaan. Tarkista hakemuksen henkilötunnus tai tunnistaudu hakijan tunnuksilla.',
  'identification.result.IDENTIFICATION_CANCELLED':
    'Tunnistautuminen keskeytettiin. Hakemusta ei allekirjoitettu. Voit yrittää uudelleen.',
  'identification.result.IDENTIFICATION_FAILED':
    'Tunnistautuminen ei onnistunut. Hakemusta ei allekirjoitettu. Yritä uudelleen.',
  'identification.result.STATE_INVALID':
    'Tunnistautumisen tiedot olivat vanhentuneet tai väärät. Aloita tunnistautuminen uudelleen tältä sivulta.',
  'identification.result.LEVEL_UNKNOWN':
    'Tunnistustapa ei ollut riittävän vahva. Tunnistaudu pankkitunnuksilla tai mobiilivarmenteella.',
  'identification.page.title': 'Tunnistaudu pankkitunnuksilla',
  'identification.page.lead':
    'Asuntolainahakemus allekirjoitetaan vahvalla sähköisellä tunnistautumisella. Tunnistaudu omilla pankkitunnuksillasi tai mobiilivarmenteella.',
  'identification.page.why':
    'Tunnistautumalla vahvistat, että hakemuksen päähakija olet sinä. Tallennamme vain tunnistustavan, varmuustason, ajan ja henkilötunnuksesta lasketun tarkisteen – emme henkilötunnusta emmekä pankin tunnuksia.',
  'identification.page.applicant': 'Hakija: {name}',
  'identification.page.start': 'Tunnistaudu',
  'identification.page.retry': 'Yritä uudelleen',
  'identification.page.done': 'Hakemuksesi on allekirjoitettu vahvalla tunnistautumisella.',
  'identification.page.statusLink': 'Näytä tunnistautumisen tiedot',
  'identification.page.noApplication':
    'Sinulla ei ole keskeneräistä asuntolainahakemusta. Aloita hakemus ensin.',
  'identification.page.startApplication': 'Aloita asuntolainahakemus',
  'identification.page.continueApplication': 'Jatka asuntolainahakemusta',
  'identification.page.testNotice':
    'Tämä on testiympäristö: tunnistautuminen tehdään keksityillä testihenkilöillä, ei oikeilla pankkitunnuksilla.',
  'identification.status.title': 'Tunnistautumisen tila',
  'identification.status.lead':
    'Tästä näet, onko asuntolainahakemuksesi allekirjoitettu vahvalla sähköisellä tunnistautumisella.',
  'identification.status.signed': 'Hakemus on allekirjoitettu vahvalla tunnistautumisella.',
  'identification.status.notSigned': 'Hakemusta ei ole vielä allekirjoitettu vahvalla tunnistautumisella.',
  'identification.status.application': 'Hakemus',
  'identification.status.method': 'Tunnistustapa',
  'identification.status.level': 'Varmuustaso',
  'identification.status.time': 'Tunnistautumisaika',
  'identification.status.provider': 'Tunnistuspalvelu',
  'identification.status.testProvider': 'Testitunnistus (ei oikea pankki)',
  'identification.method.oidc': 'Vahva sähköinen tunnistus (pankkitunnukset tai mobiilivarmenne)',
  'identification.level.substantial': 'Korotettu (eIDAS substantial)',
  'identification.level.high': 'Korkea (eIDAS high)',
  'identification.status.identifyLink': 'Tunnistaudu nyt',
  'testIdp.title': 'Testitunnistus – ei oikea pankki',
  'testIdp.notice':
    'Tämä on kehitys- ja testikäyttöön tarkoitettu tunnistuspalvelu. Se ei kysy eikä hyväksy oikeita pankkitunnuksia. Valitse keksitty testihenkilö.',
  'testIdp.people': 'Testihenkilöt',
  'testIdp.identifyAs': 'Tunnistaudu: {name}, {hetu}',
  'testIdp.other': 'Muu testihenkilö',
  'testIdp.hetu': 'Testihenkilötunnus',
  'testIdp.hetuHint': 'Keksitty henkilötunnus, jonka tarkistemerkki on oikein (esim. 010190-123M).',
  'testIdp.givenName': 'Etunimi',
  'testIdp.familyName': 'Sukunimi',
  'testIdp.continue': 'Tunnistaudu tällä henkilöllä',
  'testIdp.cancel': 'Keskeytä tunnistautuminen',
  'testIdp.hetuInvalid': 'Anna henkilötunnus, jonka tarkistemerkki on oikein.',
  'testIdp.nameRequired': 'Anna etunimi ja sukunimi.',
  'testIdp.expired': 'Tunnistautuminen on vanhentunut. Palaa palveluun ja aloita alusta.',
  'testIdp.errorTitle': 'Tunnistautuminen ei onnistunut',
} as const

export const sv = {
  'identification.api.unavailable': 'Stark identifiering är inte tillgänglig just nu. Försök igen senare.',
  'identification.api.notFound': 'Bolåneansökan hittades inte.',
  'identification.api.notDraft': 'Ansökan har redan skickats och kan inte undertecknas på nytt.',
  'identification.api.noApplicant':
    'Fyll först i sökandens personuppgifter och personbeteckning, så kan du identifiera dig som sökande.',
  'identification.result.ok':
    'Identifieringen lyckades. Din ansökan är undertecknad med stark identifiering.',
  'identification.result.HETU_MISMATCH':
    'Den som identifierade sig är inte sökanden. Ansökan kan bara undertecknas av huvudsökanden med sina egna koder. Kontrollera personbeteckningen i ansökan eller identifiera dig med sökandens koder.',
  'identification.result.IDENTIFICATION_CANCELLED':
    'Identifieringen avbröts. Ansökan undertecknades inte. Du kan försöka igen.',
  'identification.result.IDENTIFICATION_FAILED':
    'Identifieringen misslyckades. Ansökan undertecknades inte. Försök igen.',
  'identification.result.STATE_INVALID':
    'Uppgifterna för identifieringen var föråldrade eller felaktiga. Börja identifieringen på nytt från den här sidan.',
  'identification.result.LEVEL_UNKNOWN':
    'Identifieringssättet var inte tillräckligt starkt. Identifiera dig med bankkoder eller mobilcertifikat.',
  'identification.page.title': 'Identifiera dig med bankkoder',
  'identification.page.lead':
    'En bolåneansökan undertecknas med stark elektronisk identifiering. Identifiera dig med dina egna bankkoder eller mobilcertifikat.',
  'identification.page.why':
    'Genom att identifiera dig bekräftar du att du är ansökans huvudsökande. Vi sparar bara identifieringssättet, tillitsnivån, tidpunkten och en kontrollsumma beräknad ur personbeteckningen – varken personbeteckningen eller dina bankkoder.',
  'identification.page.applicant': 'Sökande: {name}',
  'identification.page.start': 'Identifiera dig',
  'identification.page.retry': 'Försök igen',
  'identification.page.done': 'Din ansökan är undertecknad med stark identifiering.',
  'identification.page.statusLink': 'Visa uppgifterna om identifieringen',
  'identification.page.noApplication': 'Du har ingen pågående bolåneansökan. Börja med ansökan.',
  'identification.page.startApplication': 'Börja en bolåneansökan',
  'identification.page.continueApplication': 'Fortsätt bolåneansökan',
  'identification.page.testNotice':
    'Det här är en testmiljö: identifieringen görs med påhittade testpersoner, inte med riktiga bankkoder.',
  'identification.status.title': 'Identifieringens status',
  'identification.status.lead':
    'Här ser du om din bolåneansökan är undertecknad med stark elektronisk identifiering.',
  'identification.status.signed': 'Ansökan är undertecknad med stark identifiering.',
  'identification.status.notSigned': 'Ansökan är ännu inte undertecknad med stark identifiering.',
  'identification.status.application': 'Ansökan',
  'identification.status.method': 'Identifieringssätt',
  'identification.status.level': 'Tillitsnivå',
  'identification.status.time': 'Identifierad',
  'identification.status.provider': 'Identifieringstjänst',
  'identification.status.testProvider': 'Testidentifiering (ingen riktig bank)',
  'identification.method.oidc': 'Stark elektronisk identifiering (bankkoder eller mobilcertifikat)',
  'identification.level.substantial': 'Väsentlig (eIDAS substantial)',
  'identification.level.high': 'Hög (eIDAS high)',
  'identification.status.identifyLink': 'Identifiera dig nu',
  'testIdp.title': 'Testidentifiering – ingen riktig bank',
  'testIdp.notice':
    'Det här är en identifieringstjänst för utveckling och test. Den frågar inte efter och godkänner inte riktiga bankkoder. Välj en påhittad testperson.',
  'testIdp.people': 'Testpersoner',
  'testIdp.identifyAs': 'Identifiera: {name}, {hetu}',
  'testIdp.other': 'Annan testperson',
  'testIdp.hetu': 'Testpersonbeteckning',
  'testIdp.hetuHint': 'En påhittad personbeteckning med rätt kontrolltecken (t.ex. 010190-123M).',
  'testIdp.givenName': 'Förnamn',
  'testIdp.familyName': 'Efternamn',
  'testIdp.continue': 'Identifiera med den här personen',
  'testIdp.cancel': 'Avbryt identifieringen',
  'testIdp.hetuInvalid': 'Ange en personbeteckning med rätt kontrolltecken.',
  'testIdp.nameRequired': 'Ange förnamn och efternamn.',
  'testIdp.expired': 'Identifieringen har gått ut. Gå tillbaka till tjänsten och börja om.',
  'testIdp.errorTitle': 'Identifieringen misslyckades',
} satisfies Record<keyof typeof fi, string>

export const en = {
  'identification.api.unavailable':
    'Strong identification is not available right now. Please try again later.',
  'identification.api.notFound': 'Mortgage application not found.',
  'identification.api.notDraft': 'The application has already been sent and cannot be signed again.',
  'identification.api.noApplicant':
    "Fill in the applicant's personal details and personal identity code first, then identify as the applicant.",
  'identification.result.ok':
    'Identification succeeded. Your application is signed with strong identification.',
  'identification.result.HETU_MISMATCH':
    "The person who identified is not the applicant. Only the lead applicant can sign the application, with their own credentials. Check the personal identity code in the application, or identify with the applicant's credentials.",
  'identification.result.IDENTIFICATION_CANCELLED':
    'Identification was cancelled. The application was not signed. You can try again.',
  'identification.result.IDENTIFICATION_FAILED':
    'Identification did not succeed. The application was not signed. Please try again.',
  'identification.result.STATE_INVALID':
    'The identification details had expired or did not match. Start identifying again from this page.',
  'identification.result.LEVEL_UNKNOWN':
    'The identification method was not strong enough. Identify with online banking credentials or a mobile certificate.',
  'identification.page.title': 'Identify with bank ID',
  'identification.page.lead':
    'A mortgage application is signed with strong electronic identification. Identify with your own online banking credentials or a mobile certificate.',
  'identification.page.why':
    "By identifying you confirm that you are the application's lead applicant. We store only the method, the level of assurance, the time and a check value computed from the personal identity code – neither the code itself nor your bank credentials.",
  'identification.page.applicant': 'Applicant: {name}',
  'identification.page.start': 'Identify',
  'identification.page.retry': 'Try again',
  'identification.page.done': 'Your application is signed with strong identification.',
  'identification.page.statusLink': 'Show the identification details',
  'identification.page.noApplication':
    'You have no mortgage application in progress. Start an application first.',
  'identification.page.startApplication': 'Start a mortgage application',
  'identification.page.continueApplication': 'Continue the mortgage application',
  'identification.page.testNotice':
    'This is a test environment: identification uses made-up test people, not real bank credentials.',
  'identification.status.title': 'Identification status',
  'identification.status.lead':
    'Here you see whether your mortgage application is signed with strong electronic identification.',
  'identification.status.signed': 'The application is signed with strong identification.',
  'identification.status.notSigned': 'The application is not yet signed with strong identification.',
  'identification.status.application': 'Application',
  'identification.status.method': 'Method',
  'identification.status.level': 'Level of assurance',
  'identification.status.time': 'Identified at',
  'identification.status.provider': 'Identification service',
  'identification.status.testProvider': 'Test identification (not a real bank)',
  'identification.method.oidc': 'Strong electronic identification (bank ID or mobile certificate)',
  'identification.level.substantial': 'Substantial (eIDAS)',
  'identification.level.high': 'High (eIDAS)',
  'identification.status.identifyLink': 'Identify now',
  'testIdp.title': 'Test identification – not a real bank',
  'testIdp.notice':
    'This identification service is for development and testing. It never asks for or accepts real bank credentials. Choose a made-up test person.',
  'testIdp.people': 'Test people',
  'testIdp.identifyAs': 'Identify as {name}, {hetu}',
  'testIdp.other': 'Another test person',
  'testIdp.hetu': 'Test personal identity code',
  'testIdp.hetuHint': 'A made-up personal identity code with a correct check character (e.g. 010190-123M).',
  'testIdp.givenName': 'First name',
  'testIdp.familyName': 'Last name',
  'testIdp.continue': 'Identify as this person',
  'testIdp.cancel': 'Cancel identification',
  'testIdp.hetuInvalid': 'Enter a personal identity code with a correct check character.',
  'testIdp.nameRequired': 'Enter a first name and a last name.',
  'testIdp.expired': 'The identification has expired. Go back to the service and start again.',
  'testIdp.errorTitle': 'Identification did not succeed',
} satisfies Record<keyof typeof fi, string>
