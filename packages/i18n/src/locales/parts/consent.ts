// Messages of the cookie consent (issue 18 item 4): the banner every page shows until the visitor
// chooses (and reopens from the footer's cookie settings link), the choice on the settings page, and the landing's call-to-action experiment (item 7).
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
  'consent.banner.link': 'Evästeasetukset',
  'consent.banner.close': 'Sulje evästeasetukset',
  'consent.settings.lead':
    'Valinta tallentuu tämän selaimen evästeeseen, joten se koskee vain tätä laitetta.',
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
  'consent.banner.link': 'Inställningar för kakor',
  'consent.banner.close': 'Stäng inställningarna för kakor',
  'consent.settings.lead':
    'Valet sparas i en kaka i den här webbläsaren och gäller därför bara den här enheten.',
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
  'consent.banner.link': 'Cookie settings',
  'consent.banner.close': 'Close cookie settings',
  'consent.settings.lead':
    'The choice is kept in a cookie of this browser, so it applies to this device only.',
  'landing.cta.compare': 'Compare loan offers',
}

/** The banner in the core-only locales (their pages show it too); the settings page is in their fallback. */
type BannerMessages = { readonly [K in Extract<keyof typeof fi, `consent.banner.${string}`>]: string }

export const da: BannerMessages = {
  'consent.banner.label': 'Cookieindstillinger',
  'consent.banner.title': 'Tillader du cookies til statistik og markedsføring?',
  'consent.banner.text':
    'Nødvendige cookies holder tjenesten kørende. Hvis du også tillader statistik og markedsføring, genkender vi din enhed ved dit næste besøg og måler, hvilke af vores sider der virker. Du kan altid ændre dit valg i indstillingerne.',
  'consent.banner.policy': 'Læs vores cookiepolitik',
  'consent.banner.acceptAll': 'Tillad alle',
  'consent.banner.necessaryOnly': 'Kun nødvendige',
  'consent.banner.choose': 'Vælg selv',
  'consent.banner.choices': 'Valg af cookies',
  'consent.banner.necessary': 'Nødvendige cookies (altid slået til)',
  'consent.banner.marketing': 'Statistik og markedsføring',
  'consent.banner.save': 'Gem mine valg',
  'consent.banner.link': 'Cookieindstillinger',
  'consent.banner.close': 'Luk cookieindstillinger',
}

export const hu: BannerMessages = {
  'consent.banner.label': 'Sütibeállítások',
  'consent.banner.title': 'Engedélyezi az analitikai és marketing sütiket?',
  'consent.banner.text':
    'A szükséges sütik a szolgáltatás működéséhez kellenek. Ha az analitikát és a marketinget is engedélyezi, a következő látogatáskor felismerjük az eszközét, és mérjük, mely oldalaink működnek jól. Döntését bármikor megváltoztathatja a beállításokban.',
  'consent.banner.policy': 'A sütikre vonatkozó szabályzat',
  'consent.banner.acceptAll': 'Összes engedélyezése',
  'consent.banner.necessaryOnly': 'Csak a szükségesek',
  'consent.banner.choose': 'Egyéni beállítás',
  'consent.banner.choices': 'Sütik kiválasztása',
  'consent.banner.necessary': 'Szükséges sütik (mindig bekapcsolva)',
  'consent.banner.marketing': 'Analitika és marketing',
  'consent.banner.save': 'Beállítások mentése',
  'consent.banner.link': 'Sütibeállítások',
  'consent.banner.close': 'Sütibeállítások bezárása',
}

export const lv: BannerMessages = {
  'consent.banner.label': 'Sīkdatņu iestatījumi',
  'consent.banner.title': 'Vai atļaujat analītikas un mārketinga sīkdatnes?',
  'consent.banner.text':
    'Nepieciešamās sīkdatnes nodrošina pakalpojuma darbību. Ja atļausiet arī analītiku un mārketingu, nākamajā apmeklējumā atpazīsim jūsu ierīci un mērīsim, kuras mūsu lapas darbojas. Izvēli varat jebkurā laikā mainīt iestatījumos.',
  'consent.banner.policy': 'Lasīt sīkdatņu politiku',
  'consent.banner.acceptAll': 'Atļaut visas',
  'consent.banner.necessaryOnly': 'Tikai nepieciešamās',
  'consent.banner.choose': 'Izvēlēties pašam',
  'consent.banner.choices': 'Sīkdatņu izvēle',
  'consent.banner.necessary': 'Nepieciešamās sīkdatnes (vienmēr ieslēgtas)',
  'consent.banner.marketing': 'Analītika un mārketings',
  'consent.banner.save': 'Saglabāt izvēli',
  'consent.banner.link': 'Sīkdatņu iestatījumi',
  'consent.banner.close': 'Aizvērt sīkdatņu iestatījumus',
}

export const pl: BannerMessages = {
  'consent.banner.label': 'Ustawienia plików cookie',
  'consent.banner.title': 'Czy zgadzasz się na pliki cookie analityczne i marketingowe?',
  'consent.banner.text':
    'Niezbędne pliki cookie zapewniają działanie serwisu. Jeśli zgodzisz się też na analitykę i marketing, rozpoznamy Twoje urządzenie przy następnej wizycie i zmierzymy, które z naszych stron się sprawdzają. Wybór możesz w każdej chwili zmienić w ustawieniach.',
  'consent.banner.policy': 'Przeczytaj politykę plików cookie',
  'consent.banner.acceptAll': 'Zezwól na wszystkie',
  'consent.banner.necessaryOnly': 'Tylko niezbędne',
  'consent.banner.choose': 'Wybierz samodzielnie',
  'consent.banner.choices': 'Wybór plików cookie',
  'consent.banner.necessary': 'Niezbędne pliki cookie (zawsze włączone)',
  'consent.banner.marketing': 'Analityka i marketing',
  'consent.banner.save': 'Zapisz wybór',
  'consent.banner.link': 'Ustawienia plików cookie',
  'consent.banner.close': 'Zamknij ustawienia plików cookie',
}

export const ro: BannerMessages = {
  'consent.banner.label': 'Setări cookie',
  'consent.banner.title': 'Permiteți cookie-urile de analiză și marketing?',
  'consent.banner.text':
    'Cookie-urile necesare asigură funcționarea serviciului. Dacă permiteți și analiza și marketingul, vă vom recunoaște dispozitivul la următoarea vizită și vom măsura care dintre paginile noastre funcționează. Vă puteți schimba oricând alegerea din setări.',
  'consent.banner.policy': 'Citiți politica privind cookie-urile',
  'consent.banner.acceptAll': 'Permite toate',
  'consent.banner.necessaryOnly': 'Doar cele necesare',
  'consent.banner.choose': 'Aleg eu',
  'consent.banner.choices': 'Alegerea cookie-urilor',
  'consent.banner.necessary': 'Cookie-uri necesare (mereu active)',
  'consent.banner.marketing': 'Analiză și marketing',
  'consent.banner.save': 'Salvează alegerile',
  'consent.banner.link': 'Setări cookie',
  'consent.banner.close': 'Închide setările cookie',
}

export const ruLv: BannerMessages = {
  'consent.banner.label': 'Настройки файлов cookie',
  'consent.banner.title': 'Разрешаете ли вы аналитические и маркетинговые файлы cookie?',
  'consent.banner.text':
    'Необходимые файлы cookie обеспечивают работу сервиса. Если вы разрешите также аналитику и маркетинг, при следующем визите мы узнаем ваше устройство и сможем измерять, какие наши страницы работают. Выбор можно в любой момент изменить в настройках.',
  'consent.banner.policy': 'Политика использования файлов cookie',
  'consent.banner.acceptAll': 'Разрешить все',
  'consent.banner.necessaryOnly': 'Только необходимые',
  'consent.banner.choose': 'Выбрать самому',
  'consent.banner.choices': 'Выбор файлов cookie',
  'consent.banner.necessary': 'Необходимые файлы cookie (всегда включены)',
  'consent.banner.marketing': 'Аналитика и маркетинг',
  'consent.banner.save': 'Сохранить выбор',
  'consent.banner.link': 'Настройки файлов cookie',
  'consent.banner.close': 'Закрыть настройки файлов cookie',
}

export const svSe: BannerMessages = {
  'consent.banner.label': 'Inställningar för cookies',
  'consent.banner.title': 'Tillåter du cookies för analys och marknadsföring?',
  'consent.banner.text':
    'Nödvändiga cookies håller tjänsten igång. Om du också tillåter analys och marknadsföring känner vi igen din enhet vid nästa besök och mäter vilka av våra sidor som fungerar. Du kan när som helst ändra ditt val i inställningarna.',
  'consent.banner.policy': 'Läs vår cookiepolicy',
  'consent.banner.acceptAll': 'Tillåt alla',
  'consent.banner.necessaryOnly': 'Endast nödvändiga',
  'consent.banner.choose': 'Välj själv',
  'consent.banner.choices': 'Val av cookies',
  'consent.banner.necessary': 'Nödvändiga cookies (alltid på)',
  'consent.banner.marketing': 'Analys och marknadsföring',
  'consent.banner.save': 'Spara mina val',
  'consent.banner.link': 'Cookieinställningar',
  'consent.banner.close': 'Stäng cookieinställningarna',
}
