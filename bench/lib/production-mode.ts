// For a comparison that runs the API in the bench's own process: NODE_ENV as `npm start` sets it
// (scripts/start.ts), announced with start.ts's line. Import it first, as a bare import: modules
// that read NODE_ENV when they load (React picks its build then) must see it.
import { modeLine, serverEnvironment } from '../../scripts/start-mode.ts'

Object.assign(process.env, serverEnvironment('production'))
console.warn(modeLine('production'))
