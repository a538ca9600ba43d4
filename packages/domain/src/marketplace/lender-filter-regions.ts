// Issue 17: lenders may take applications only from some regions. The application form asks for a
// postal code (not the municipality; the town is free text), so the region comes from the postal code
// by this table: the 19 regions (maakunnat, with Åland) as they stand since the 2021 changes (Kuhmoinen
// to Pirkanmaa, Iitti to Päijät-Häme, Heinävesi to North Karelia), and Posti's postal code areas by
// their ranges. A postal area lies almost always inside one region; the few that cross a border go to
// the region of their main locality. Written from the areas' main localities without Posti's file at
// hand: check it against Posti's postal code file and Statistics Finland's municipality-to-region
// classification (ADR 030), and again, with a new date, when either changes.

export const REGION_TABLE_DATE = '2025-01-01'

export const REGIONS = [
  'uusimaa',
  'varsinais-suomi',
  'satakunta',
  'kanta-hame',
  'pirkanmaa',
  'paijat-hame',
  'kymenlaakso',
  'etela-karjala',
  'etela-savo',
  'pohjois-savo',
  'pohjois-karjala',
  'keski-suomi',
  'etela-pohjanmaa',
  'pohjanmaa',
  'keski-pohjanmaa',
  'pohjois-pohjanmaa',
  'kainuu',
  'lappi',
  'ahvenanmaa',
] as const
export type Region = (typeof REGIONS)[number]

/** Postal code ranges (first and last code, inclusive), in order, each with its region. */
const POSTCODE_RANGES: ReadonlyArray<readonly [string, string, Region]> = [
  ['00000', '10999', 'uusimaa'],
  ['11000', '14999', 'kanta-hame'],
  ['15000', '17799', 'paijat-hame'],
  ['17800', '17899', 'pirkanmaa'], // Kuhmoinen
  ['17900', '19649', 'paijat-hame'],
  ['19650', '19699', 'keski-suomi'], // Joutsa
  ['19700', '19899', 'paijat-hame'], // Sysmä
  ['19900', '19999', 'keski-suomi'], // Luhanka
  ['20000', '21999', 'varsinais-suomi'],
  ['22000', '22999', 'ahvenanmaa'],
  ['23000', '25999', 'varsinais-suomi'],
  ['26000', '29999', 'satakunta'],
  ['30000', '31699', 'kanta-hame'],
  ['31700', '31999', 'pirkanmaa'], // Urjala, Punkalaidun
  ['32000', '32599', 'varsinais-suomi'], // Loimaa, Oripää
  ['32600', '32999', 'satakunta'], // Huittinen, Kokemäki
  ['33000', '38699', 'pirkanmaa'],
  ['38700', '38999', 'satakunta'], // Kankaanpää, Jämijärvi, Honkajoki
  ['39000', '39899', 'pirkanmaa'],
  ['39900', '39999', 'satakunta'], // Karvia
  ['40000', '44999', 'keski-suomi'],
  ['45000', '47399', 'kymenlaakso'],
  ['47400', '47499', 'paijat-hame'], // Iitti
  ['47500', '49999', 'kymenlaakso'],
  ['50000', '52999', 'etela-savo'],
  ['53000', '56999', 'etela-karjala'],
  ['57000', '58999', 'etela-savo'],
  ['59000', '59999', 'etela-karjala'],
  ['60000', '61499', 'etela-pohjanmaa'],
  ['61500', '61599', 'pohjanmaa'], // Isokyrö
  ['61600', '63999', 'etela-pohjanmaa'],
  ['64000', '64699', 'pohjanmaa'], // Kristiinankaupunki, Närpiö, Kaskinen
  ['64700', '64999', 'etela-pohjanmaa'], // Teuva, Isojoki
  ['65000', '66999', 'pohjanmaa'],
  ['67000', '68399', 'keski-pohjanmaa'],
  ['68400', '68999', 'pohjanmaa'], // Pietarsaari, Kruunupyy, Luoto
  ['69000', '69999', 'keski-pohjanmaa'],
  ['70000', '74999', 'pohjois-savo'],
  ['75000', '75999', 'pohjois-karjala'],
  ['76000', '76999', 'etela-savo'], // Pieksämäki
  ['77000', '79599', 'pohjois-savo'],
  ['79600', '79699', 'etela-savo'], // Joroinen
  ['79700', '79999', 'pohjois-karjala'], // Heinävesi
  ['80000', '83999', 'pohjois-karjala'],
  ['84000', '86999', 'pohjois-pohjanmaa'],
  ['87000', '89999', 'kainuu'],
  ['90000', '91699', 'pohjois-pohjanmaa'],
  ['91700', '91799', 'kainuu'], // Vaala
  ['91800', '93999', 'pohjois-pohjanmaa'],
  ['94000', '99999', 'lappi'],
]

/** The region of a Finnish postal code (five digits), or null for anything else. */
export function regionOfPostcode(postcode: unknown): Region | null {
  if (typeof postcode !== 'string') return null
  const code = postcode.trim()
  if (!/^\d{5}$/.test(code)) return null
  for (const [first, last, region] of POSTCODE_RANGES) {
    if (code >= first && code <= last) return region
  }
  return null
}
