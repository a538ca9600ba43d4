import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Config } from '../config.ts'

// Field encryption for personal identity numbers and drafts: AES-256-GCM with a
// random 96-bit IV per value, stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).

export type FieldCipher = {
  encrypt(plain: string): string
  decrypt(sealed: string): string
  /** A keyed hash (HMAC-SHA-256) for finding equal values without decrypting. */
  fingerprint(plain: string): string
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes')
  // Key objects made once: a cipher made from a key object costs about a quarter of one made from
  // the key's bytes, which Node turns into a key object on every call (several per application).
  const secret = createSecretKey(key)
  const hmacKey = createSecretKey(createHmac('sha256', key).update('fingerprint').digest())
  return {
    encrypt(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', secret, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.')
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not an encrypted value')
      const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      )
    },
    fingerprint(plain) {
      return createHmac('sha256', hmacKey).update(plain).digest('hex')
    },
  }
}

/**
 * The key: ENCRYPTION_KEY, or for local use a key file created once beside the
 * embedded data folder (never in the repository; a public site must set the variable).
 */
export function loadEncryptionKey(config: Config): Buffer {
  if (config.ENCRYPTION_KEY) return Buffer.from(config.ENCRYPTION_KEY, 'base64')
  const file = join(dirname(config.DATA_DIR), 'encryption.key')
  mkdirSync(dirname(file), { recursive: true })
  try {
    const fd = openSync(file, 'wx', 0o600)
    writeSync(fd, randomBytes(32).toString('base64'))
    closeSync(fd)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')
}
