// ADR 015: the header our API client sends with every call. A page on another site cannot add a
// custom header to a cross-origin request without a CORS preflight (which we never grant), so a
// cookie-authenticated call without an Origin header is accepted only when it carries this one.
export const CLIENT_HEADER = 'x-lainava-client'
export const CLIENT_HEADER_VALUE = 'web'
