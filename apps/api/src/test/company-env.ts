/** The company settings an https site must have (config.ts, issue 14 "Trust details"), for tests of one. */
export const COMPANY_ENV = {
  COMPANY_NAME: 'Testiyhtiö Oy',
  COMPANY_BUSINESS_ID: '0000001-9',
  COMPANY_ADDRESS: 'Testikatu 2, 00100 Helsinki',
  SUPPORT_PHONE: '+358 9 123 4567',
  CREDIT_INTERMEDIARY_REGISTER: 'Luotonvälittäjärekisteri, testi 1',
} as const
