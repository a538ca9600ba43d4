// Issue 14 "Trust details": who runs the service, as the footer and the company page show it.
// The server reads it from its configuration (apps/api/src/config.ts) and hands it to the web.

export type CompanyDetails = {
  /** True when the settings are not given and the details are made up (local and test sites). */
  demo: boolean
  name: string
  /** Finnish business ID (Y-tunnus), NNNNNNN-C. */
  businessId: string
  address: string
  phone: string
  email: string
  /** The credit intermediary register entry: register and number, as shown to visitors. */
  register: string
}
