/**
 * The consent choice's cookie (issue 18, ADR 038): `true` allows marketing and analytics, anything else
 * is "necessary only". Shared by the web app, which sets and reads it, and the server, which serves a
 * visitor who has chosen a live page instead of the prerendered one (that one still asks).
 */
export const MARKETING_COOKIE = 'lainava_marketing'
