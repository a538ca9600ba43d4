// Messages of one feature, kept apart so that the feature's work does not edit the big catalogues.
// fi is the source; sv and en must have the same keys. fi.ts, sv.ts and en.ts spread these in.

export const fi = {} as const

export const sv: { readonly [K in keyof typeof fi]: string } = {}

export const en: { readonly [K in keyof typeof fi]: string } = {}
