import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HS256 JSON Web Tokens with node:crypto. Verification runs on every authenticated request; jose's
 * WebCrypto path cost a hundred times more a call.
 */
export interface JwtClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function signJwt(
  claims: { sub: string; sid: string },
  secret: string,
  ttlSeconds: number,
  now = Date.now(),
): string {
  const iat = Math.floor(now / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString(
    'base64url',
  );
  const signature = createHmac('sha256', secret).update(`${HEADER}.${payload}`).digest('base64url');
  return `${HEADER}.${payload}.${signature}`;
}

/** The claims of a well-formed, correctly signed, unexpired token; otherwise null. */
export function verifyJwt(token: string, secret: string, now = Date.now()): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts;
  // Compared as text: base64url decoding ignores stray characters and a last character's unused bits, so
  // comparing decoded bytes would accept many spellings of one signature.
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const h = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    if (h.alg !== 'HS256') return null;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<JwtClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number')
      return null;
    if (claims.exp * 1000 <= now) return null;
    return claims as JwtClaims;
  } catch {
    return null;
  }
}
