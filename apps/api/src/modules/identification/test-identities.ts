// Fictional people of the local test provider (ADR 024). Their henkilötunnus numbers are valid (check
// character right, not temporary), as the mortgage form requires; 131052-308T is the Digital and
// Population Data Services Agency's published example, the others are made up for our tests.

export type TestIdentity = { hetu: string; givenName: string; familyName: string }

export const TEST_IDENTITIES: readonly TestIdentity[] = [
  { hetu: '131052-308T', givenName: 'Aino', familyName: 'Virtanen' },
  { hetu: '010594Y123W', givenName: 'Mikko', familyName: 'Korhonen' },
  { hetu: '150380-246N', givenName: 'Sanna', familyName: 'Nieminen' },
  { hetu: '280584-4155', givenName: 'Erik', familyName: 'Lindqvist' },
]
