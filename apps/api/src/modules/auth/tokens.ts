import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** A secret for a link or cookie: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** A 6-digit login code. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

/** We store only hashes of secrets (a leaked table gives no working token). */
export function hashSecret(secret: string, salt = ''): string {
  return createHash('sha256').update(`${salt}:${secret}`).digest('hex')
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && timingSafeEqual(left, right)
}
