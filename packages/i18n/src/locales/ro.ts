import type { CoreMessages } from './core-keys.ts'

export const ro: CoreMessages = {
  'site.skipToContent': 'Salt la conținutul principal',
  'site.homeLink': '{brand} – pagina principală',
  'header.login': 'Autentificare',
  'header.language': 'Limbă',
  'header.mainNav': 'Meniu principal',
  'footer.company':
    '{brand} este un intermediar de credite. Creditul este acordat întotdeauna de un creditor, nu de {brand}.',
  'footer.legal': 'Informații juridice',
  'footer.privacy': 'Politica de confidențialitate',
  'footer.terms': 'Termeni de utilizare',
  'footer.cookies': 'Politica privind cookie-urile',
  'footer.principles': 'Principiile comparării corecte a creditelor',
  'footer.contact': 'Contactați-ne',
  'footer.copyright': '© {year} {brand}',
  'warning.borrowingCosts': 'Atenție! Banii împrumutați costă bani.',
  'status.notFound.title': 'Pagina nu a fost găsită',
  'status.notFound.text': 'Pagina pe care o căutați nu există sau a fost mutată.',
  'status.error.title': 'A apărut o eroare',
  'status.error.text':
    'Nu am putut afișa această pagină. Vă rugăm să încercați din nou peste câteva momente.',
  'status.backHome': 'Înapoi la pagina principală',
  'status.maintenance.title': 'Lucrări de întreținere',
  'status.maintenance.text':
    'Serviciul este în curs de întreținere. Cererile dumneavoastră salvate sunt în siguranță. Vă rugăm să încercați din nou peste câteva momente.',
  'status.forbidden.title': 'Acces interzis',
  'status.forbidden.text':
    'Nu aveți acces la această pagină sau sesiunea dumneavoastră a expirat. Vă rugăm să vă autentificați din nou.',
  'status.comingSoon.title': 'În curând',
  'status.comingSoon.text': 'Acest serviciu nu este încă disponibil în această limbă sau în această țară.',
  'status.notSupported.title': 'Serviciul nu este disponibil în țara dumneavoastră',
  'status.notSupported.text':
    'Deocamdată, {brand} intermediază credite doar în Finlanda. Puteți explora serviciul în finlandeză, suedeză sau engleză.',
  'status.notSupported.link': 'Mergeți la serviciul din Finlanda',
  'status.test.title': 'Pagină de test',
  'status.test.text':
    'Această pagină servește la verificarea funcționării serviciului. Dacă o vedeți, paginile și rutarea funcționează.',
  'status.demo.title': 'Demonstrație',
  'status.demo.text':
    'Cum funcționează {brand}: completați o singură cerere, aceasta ajunge la creditorii potriviți, iar dumneavoastră comparați ofertele lor una lângă alta.',
  'status.login': 'Autentificare',
  'navigation.delayed': 'Se încarcă pagina…',
  'pageData.couldNotLoad': 'Nu am putut încărca fișierul {path}',
  'language.fi': 'Suomi',
  'language.sv': 'Svenska',
  'language.en': 'English',
  'language.lv': 'Latviešu',
  'language.ru-lv': 'Русский',
  'language.pl': 'Polski',
  'language.ro': 'Română',
  'language.da': 'Dansk',
  'language.hu': 'Magyar',
  'language.sv-se': 'Svenska (Sverige)',
}
