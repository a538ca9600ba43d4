// What the web app's loaders and actions receive from the server process.
// Declared here (the provider) and in apps/web/app/load-context.ts (the user).
export type WebLoadContext = {
  cspNonce: string
  brandName: string
  publicUrl: string
}
