// The lender portal's integration settings (issue 17 item 5): API keys, endpoint, signing secret, test
// application. fi is the source; sv and en have the same keys.

export const fi = {
  'lenderIntegration.title': 'Integraatio',
  'lenderIntegration.lead':
    'Rajapintayhteyden asetukset: API-avaimet, joilla vastaatte hakemuksiin, osoite, johon lähetämme hakemukset, ja pyyntöjen allekirjoitusavain.',
  'lenderIntegration.loading': 'Ladataan asetuksia…',
  'lenderIntegration.failed': 'Toiminto epäonnistui: {message}',
  'lenderIntegration.manualNote':
    'Organisaationne vastaa hakemuksiin tässä portaalissa, joten rajapinnan osoitetta ja allekirjoitusavainta ei tarvita. API-avaimilla voitte silti vastata hakemuksiin rajapinnan kautta.',
  'lenderIntegration.keys.heading': 'API-avaimet',
  'lenderIntegration.keys.lead':
    'Avaimella tehdyt pyynnöt kohdistuvat organisaationne hakemuksiin. Näytämme avaimen vain kerran, ja tallennamme siitä vain tiivisteen. Käytöstä poistettu avain lakkaa toimimasta heti.',
  'lenderIntegration.keys.name': 'Avaimen nimi',
  'lenderIntegration.keys.nameHint': 'Esimerkiksi järjestelmä tai ympäristö, jossa avainta käytetään.',
  'lenderIntegration.keys.create': 'Luo avain',
  'lenderIntegration.keys.created': 'Uusi avain ”{name}” luotiin. Kopioi se nyt: emme näytä sitä uudelleen.',
  'lenderIntegration.keys.secretLabel': 'Uusi API-avain',
  'lenderIntegration.keys.caption': 'Organisaation API-avaimet',
  'lenderIntegration.keys.column.name': 'Nimi',
  'lenderIntegration.keys.column.prefix': 'Alkuosa',
  'lenderIntegration.keys.column.created': 'Luotu',
  'lenderIntegration.keys.column.lastUsed': 'Käytetty viimeksi',
  'lenderIntegration.keys.column.status': 'Tila',
  'lenderIntegration.keys.column.actions': 'Toiminnot',
  'lenderIntegration.keys.never': 'Ei vielä käytetty',
  'lenderIntegration.keys.noPrefix': 'Ei tiedossa',
  'lenderIntegration.keys.active': 'Käytössä',
  'lenderIntegration.keys.revokedAt': 'Poistettu käytöstä {date}',
  'lenderIntegration.keys.revoke': 'Poista käytöstä',
  'lenderIntegration.keys.revokeLabel': 'Poista käytöstä avain ”{name}”',
  'lenderIntegration.keys.revoked': 'Avain ”{name}” poistettiin käytöstä. Sillä tehdyt pyynnöt hylätään.',
  'lenderIntegration.keys.none': 'Organisaatiolla ei ole API-avaimia.',
  'lenderIntegration.endpoint.heading': 'Rajapinnan osoite',
  'lenderIntegration.endpoint.lead':
    'Lähetämme hakemukset tähän osoitteeseen allekirjoitettuina POST-pyyntöinä. Osoitteen on oltava https-osoite julkisessa verkossa, eikä uudelleenohjauksia seurata.',
  'lenderIntegration.endpoint.label': 'Osoite (URL)',
  'lenderIntegration.endpoint.save': 'Tallenna osoite',
  'lenderIntegration.endpoint.saved': 'Osoite tallennettiin. Seuraavat hakemukset lähetetään siihen.',
  'lenderIntegration.secret.heading': 'Allekirjoitusavain',
  'lenderIntegration.secret.lead':
    'Allekirjoitamme jokaisen pyynnön HMAC-SHA256:lla (otsake X-Lainava-Signature). Kun vaihdatte avaimen, vanha pysyy voimassa valitsemanne siirtymäajan: silloin otsakkeessa on allekirjoitus kummallakin avaimella, ja kumpi tahansa kelpaa.',
  'lenderIntegration.secret.grace': 'Vanha avain voimassa (tuntia, 0–168)',
  'lenderIntegration.secret.rotate': 'Vaihda allekirjoitusavain',
  'lenderIntegration.secret.rotated':
    'Allekirjoitusavain vaihdettiin. Kopioi uusi avain nyt: emme näytä sitä uudelleen.',
  'lenderIntegration.secret.newLabel': 'Uusi allekirjoitusavain',
  'lenderIntegration.secret.previousUntil':
    'Vanha avain on voimassa {date} asti. Siihen asti pyynnöissä on allekirjoitus kummallakin avaimella.',
  'lenderIntegration.secret.current': 'Pyynnöt allekirjoitetaan yhdellä avaimella.',
  'lenderIntegration.secret.none': 'Allekirjoitusavainta ei ole vielä. Luo se vaihtamalla avain.',
  'lenderIntegration.test.heading': 'Testihakemus',
  'lenderIntegration.test.lead':
    'Lähettää rajapintaanne selvästi merkityn testihakemuksen (test: true, keksitty henkilö) ja näyttää pyynnön ja vastauksenne. Oikeaa hakemusta tai tarjousta ei synny.',
  'lenderIntegration.test.send': 'Lähetä testihakemus',
  'lenderIntegration.test.sending': 'Lähetetään testihakemusta…',
  'lenderIntegration.test.noEndpoint': 'Tallenna ensin rajapinnan osoite.',
  'lenderIntegration.test.request': 'Lähetetty pyyntö',
  'lenderIntegration.test.response': 'Rajapintanne vastaus',
  'lenderIntegration.test.status': 'HTTP-tila',
  'lenderIntegration.test.time': 'Vastausaika',
  'lenderIntegration.test.milliseconds': '{ms, number} ms',
  'lenderIntegration.test.headers': 'Otsakkeet',
  'lenderIntegration.test.body': 'Sisältö',
  'lenderIntegration.test.emptyBody': '(tyhjä)',
  'lenderIntegration.test.failure.refused':
    'Osoitteeseen ei lähetetty mitään: sen on oltava https-osoite julkisessa verkossa.',
  'lenderIntegration.test.failure.unreachable':
    'Rajapintaanne ei saatu yhteyttä, tai se ei vastannut 10 sekunnissa.',
  'lenderIntegration.api.keyNotFound': 'Organisaatiollanne ei ole tällaista API-avainta.',
  'lenderIntegration.api.keyRevoked': 'Avain on jo poistettu käytöstä.',
  'lenderIntegration.api.notHttp':
    'Organisaatiollanne ei ole rajapintaintegraatiota, joten osoitetta ja allekirjoitusavainta ei käytetä.',
  'lenderIntegration.api.noEndpoint': 'Tallenna ensin rajapinnan osoite.',
} as const

export const sv = {
  'lenderIntegration.title': 'Integration',
  'lenderIntegration.lead':
    'Inställningarna för API-anslutningen: API-nycklarna ni svarar på ansökningar med, adressen vi skickar ansökningarna till och nyckeln som förfrågningarna signeras med.',
  'lenderIntegration.loading': 'Inställningarna läses in…',
  'lenderIntegration.failed': 'Åtgärden misslyckades: {message}',
  'lenderIntegration.manualNote':
    'Er organisation svarar på ansökningar här i portalen, så ingen API-adress eller signeringsnyckel behövs. Med API-nycklar kan ni ändå svara på ansökningar via API:et.',
  'lenderIntegration.keys.heading': 'API-nycklar',
  'lenderIntegration.keys.lead':
    'Förfrågningar med en nyckel gäller er organisations ansökningar. Nyckeln visas bara en gång, och vi sparar bara en hash av den. En nyckel som tas ur bruk slutar fungera genast.',
  'lenderIntegration.keys.name': 'Nyckelns namn',
  'lenderIntegration.keys.nameHint': 'Till exempel systemet eller miljön där nyckeln används.',
  'lenderIntegration.keys.create': 'Skapa nyckel',
  'lenderIntegration.keys.created':
    'Den nya nyckeln ”{name}” har skapats. Kopiera den nu: vi visar den inte igen.',
  'lenderIntegration.keys.secretLabel': 'Ny API-nyckel',
  'lenderIntegration.keys.caption': 'Organisationens API-nycklar',
  'lenderIntegration.keys.column.name': 'Namn',
  'lenderIntegration.keys.column.prefix': 'Början',
  'lenderIntegration.keys.column.created': 'Skapad',
  'lenderIntegration.keys.column.lastUsed': 'Senast använd',
  'lenderIntegration.keys.column.status': 'Status',
  'lenderIntegration.keys.column.actions': 'Åtgärder',
  'lenderIntegration.keys.never': 'Inte använd ännu',
  'lenderIntegration.keys.noPrefix': 'Okänd',
  'lenderIntegration.keys.active': 'I bruk',
  'lenderIntegration.keys.revokedAt': 'Tagen ur bruk {date}',
  'lenderIntegration.keys.revoke': 'Ta ur bruk',
  'lenderIntegration.keys.revokeLabel': 'Ta ur bruk nyckeln ”{name}”',
  'lenderIntegration.keys.revoked': 'Nyckeln ”{name}” togs ur bruk. Förfrågningar med den avvisas.',
  'lenderIntegration.keys.none': 'Organisationen har inga API-nycklar.',
  'lenderIntegration.endpoint.heading': 'API-adress',
  'lenderIntegration.endpoint.lead':
    'Vi skickar ansökningarna till den här adressen som signerade POST-förfrågningar. Adressen ska vara en https-adress i det allmänna nätet, och omdirigeringar följs inte.',
  'lenderIntegration.endpoint.label': 'Adress (URL)',
  'lenderIntegration.endpoint.save': 'Spara adressen',
  'lenderIntegration.endpoint.saved': 'Adressen har sparats. Följande ansökningar skickas dit.',
  'lenderIntegration.secret.heading': 'Signeringsnyckel',
  'lenderIntegration.secret.lead':
    'Vi signerar varje förfrågan med HMAC-SHA256 (rubriken X-Lainava-Signature). När ni byter nyckel gäller den gamla under den övergångstid ni väljer: då har rubriken en signatur med vardera nyckeln, och vilken som helst av dem duger.',
  'lenderIntegration.secret.grace': 'Den gamla nyckeln gäller (timmar, 0–168)',
  'lenderIntegration.secret.rotate': 'Byt signeringsnyckel',
  'lenderIntegration.secret.rotated':
    'Signeringsnyckeln har bytts. Kopiera den nya nyckeln nu: vi visar den inte igen.',
  'lenderIntegration.secret.newLabel': 'Ny signeringsnyckel',
  'lenderIntegration.secret.previousUntil':
    'Den gamla nyckeln gäller till {date}. Till dess har förfrågningarna en signatur med vardera nyckeln.',
  'lenderIntegration.secret.current': 'Förfrågningarna signeras med en nyckel.',
  'lenderIntegration.secret.none': 'Det finns ingen signeringsnyckel ännu. Skapa den genom att byta nyckel.',
  'lenderIntegration.test.heading': 'Testansökan',
  'lenderIntegration.test.lead':
    'Skickar en tydligt märkt testansökan (test: true, en påhittad person) till ert API och visar förfrågan och ert svar. Ingen riktig ansökan eller offert uppstår.',
  'lenderIntegration.test.send': 'Skicka en testansökan',
  'lenderIntegration.test.sending': 'Testansökan skickas…',
  'lenderIntegration.test.noEndpoint': 'Spara först API-adressen.',
  'lenderIntegration.test.request': 'Förfrågan som skickades',
  'lenderIntegration.test.response': 'Ert API:s svar',
  'lenderIntegration.test.status': 'HTTP-status',
  'lenderIntegration.test.time': 'Svarstid',
  'lenderIntegration.test.milliseconds': '{ms, number} ms',
  'lenderIntegration.test.headers': 'Rubriker',
  'lenderIntegration.test.body': 'Innehåll',
  'lenderIntegration.test.emptyBody': '(tomt)',
  'lenderIntegration.test.failure.refused':
    'Ingenting skickades: adressen ska vara en https-adress i det allmänna nätet.',
  'lenderIntegration.test.failure.unreachable':
    'Vi fick ingen kontakt med ert API, eller så svarade det inte inom 10 sekunder.',
  'lenderIntegration.api.keyNotFound': 'Er organisation har ingen sådan API-nyckel.',
  'lenderIntegration.api.keyRevoked': 'Nyckeln är redan tagen ur bruk.',
  'lenderIntegration.api.notHttp':
    'Er organisation har ingen API-integration, så adressen och signeringsnyckeln används inte.',
  'lenderIntegration.api.noEndpoint': 'Spara först API-adressen.',
} as const

export const en = {
  'lenderIntegration.title': 'Integration',
  'lenderIntegration.lead':
    'Your API connection: the API keys you answer applications with, the address we send applications to and the secret our requests are signed with.',
  'lenderIntegration.loading': 'Loading the settings…',
  'lenderIntegration.failed': 'That did not work: {message}',
  'lenderIntegration.manualNote':
    'Your organisation answers applications here in the portal, so no API address or signing secret is needed. You can still answer applications through the API with an API key.',
  'lenderIntegration.keys.heading': 'API keys',
  'lenderIntegration.keys.lead':
    "Calls made with a key act on your organisation's applications. A key is shown once and we keep only a hash of it. A revoked key stops working at once.",
  'lenderIntegration.keys.name': 'Key name',
  'lenderIntegration.keys.nameHint': 'For example the system or environment that uses the key.',
  'lenderIntegration.keys.create': 'Create key',
  'lenderIntegration.keys.created':
    'The new key “{name}” was created. Copy it now: we will not show it again.',
  'lenderIntegration.keys.secretLabel': 'New API key',
  'lenderIntegration.keys.caption': "The organisation's API keys",
  'lenderIntegration.keys.column.name': 'Name',
  'lenderIntegration.keys.column.prefix': 'Starts with',
  'lenderIntegration.keys.column.created': 'Created',
  'lenderIntegration.keys.column.lastUsed': 'Last used',
  'lenderIntegration.keys.column.status': 'Status',
  'lenderIntegration.keys.column.actions': 'Actions',
  'lenderIntegration.keys.never': 'Not used yet',
  'lenderIntegration.keys.noPrefix': 'Unknown',
  'lenderIntegration.keys.active': 'Active',
  'lenderIntegration.keys.revokedAt': 'Revoked {date}',
  'lenderIntegration.keys.revoke': 'Revoke',
  'lenderIntegration.keys.revokeLabel': 'Revoke the key “{name}”',
  'lenderIntegration.keys.revoked': 'The key “{name}” was revoked. Calls made with it are refused.',
  'lenderIntegration.keys.none': 'The organisation has no API keys.',
  'lenderIntegration.endpoint.heading': 'API address',
  'lenderIntegration.endpoint.lead':
    'We send applications to this address as signed POST requests. It must be an https address on the public internet, and redirects are not followed.',
  'lenderIntegration.endpoint.label': 'Address (URL)',
  'lenderIntegration.endpoint.save': 'Save the address',
  'lenderIntegration.endpoint.saved': 'The address was saved. The next applications go there.',
  'lenderIntegration.secret.heading': 'Signing secret',
  'lenderIntegration.secret.lead':
    'We sign every request with HMAC-SHA256 (the X-Lainava-Signature header). When you rotate the secret, the old one stays valid for the grace period you choose: the header then carries a signature under each secret, and either one verifies.',
  'lenderIntegration.secret.grace': 'Old secret stays valid for (hours, 0–168)',
  'lenderIntegration.secret.rotate': 'Rotate the signing secret',
  'lenderIntegration.secret.rotated':
    'The signing secret was rotated. Copy the new secret now: we will not show it again.',
  'lenderIntegration.secret.newLabel': 'New signing secret',
  'lenderIntegration.secret.previousUntil':
    'The old secret is valid until {date}. Until then requests carry a signature under each secret.',
  'lenderIntegration.secret.current': 'Requests are signed under one secret.',
  'lenderIntegration.secret.none': 'There is no signing secret yet. Rotate to create one.',
  'lenderIntegration.test.heading': 'Test application',
  'lenderIntegration.test.lead':
    'Sends a clearly marked test application (test: true, a fictional person) to your API and shows the request and your answer. No real application or offer is created.',
  'lenderIntegration.test.send': 'Send a test application',
  'lenderIntegration.test.sending': 'Sending the test application…',
  'lenderIntegration.test.noEndpoint': 'Save the API address first.',
  'lenderIntegration.test.request': 'Request sent',
  'lenderIntegration.test.response': "Your API's answer",
  'lenderIntegration.test.status': 'HTTP status',
  'lenderIntegration.test.time': 'Answer time',
  'lenderIntegration.test.milliseconds': '{ms, number} ms',
  'lenderIntegration.test.headers': 'Headers',
  'lenderIntegration.test.body': 'Body',
  'lenderIntegration.test.emptyBody': '(empty)',
  'lenderIntegration.test.failure.refused':
    'Nothing was sent: the address must be an https address on the public internet.',
  'lenderIntegration.test.failure.unreachable':
    'We could not reach your API, or it did not answer within 10 seconds.',
  'lenderIntegration.api.keyNotFound': 'Your organisation has no such API key.',
  'lenderIntegration.api.keyRevoked': 'The key is already revoked.',
  'lenderIntegration.api.notHttp':
    'Your organisation has no API integration, so the address and signing secret are not used.',
  'lenderIntegration.api.noEndpoint': 'Save the API address first.',
} as const
