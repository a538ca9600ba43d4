import { describe, expect, it } from 'vitest'
import { redactErrorText, serializeError } from './logger.ts'

describe('error logging without personal data', () => {
  it('drops the parameters of a failed query and row values of a constraint error', () => {
    const error = Object.assign(
      new Error(
        'Failed query: insert into "users" ("email") values ($1)\nparams: aino@example.fi,131052-308T',
      ),
      { cause: { code: '23505', message: 'Key (email)=(aino@example.fi) already exists.' } },
    )
    const logged = JSON.stringify(serializeError(error))
    expect(logged).not.toContain('aino@example.fi')
    expect(logged).not.toContain('131052-308T')
    expect(logged).toContain('23505')
    expect(redactErrorText('Key (email)=(x@y.fi) already exists.')).toBe('Key (…)=(…) already exists.')
  })
})
