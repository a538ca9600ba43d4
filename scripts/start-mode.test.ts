import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildEnvironment, modeLine, START_NODE_OPTIONS, serverEnvironment, startMode } from './start-mode.ts'

// issue 13: `npm start` serves React's production build and says so; `npm run dev` stays development.
describe('the start script’s mode', () => {
  it('runs production for npm start and development for npm run dev (--dev)', () => {
    expect(startMode([])).toBe('production')
    expect(startMode(['--dev'])).toBe('development')
  })

  it('sets NODE_ENV for the server whatever the shell had', () => {
    expect(serverEnvironment(startMode([]))).toEqual({ NODE_ENV: 'production' })
    expect(serverEnvironment(startMode(['--dev']))).toEqual({ NODE_ENV: 'development' })
  })

  it('builds as production even from a shell with NODE_ENV=development, keeping the rest', () => {
    expect(buildEnvironment({ NODE_ENV: 'development', PORT: '3100' })).toEqual({
      NODE_ENV: 'production',
      PORT: '3100',
    })
  })

  it('says which mode runs', () => {
    expect(modeLine('production')).toMatch(/production mode \(NODE_ENV=production\)/i)
    expect(modeLine('development')).toContain('NODE_ENV=development')
  })

  it('npm start launches Node with the V8 options the benchmark server uses (ADR 047)', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
    expect(scripts.start).toBe(`node ${START_NODE_OPTIONS.join(' ')} scripts/start.ts`)
  })
})
