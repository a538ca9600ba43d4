import { z } from 'zod'

// Every schema of this package is built through this module, so the setting below is in
// force before the first schema exists, whatever order a bundle evaluates its chunks in.
// jitless: zod does not compile parsers with `new Function`, which our pages'
// Content-Security-Policy forbids (without it, zod's probe for eval shows up as a CSP
// violation in the browser).
z.config({ jitless: true })

export { z }
