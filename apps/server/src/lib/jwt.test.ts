import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from './jwt.ts';

const secret = 'a-secret-of-enough-length-for-hs256-tokens';

describe('HS256 tokens', () => {
  it('a signed token verifies and carries sub, sid, iat and exp', () => {
    const now = Date.UTC(2026, 10, 22);
    const claims = verifyJwt(signJwt({ sub: 'u1', sid: 's1' }, secret, 60, now), secret, now);
    expect(claims).toEqual({ sub: 'u1', sid: 's1', iat: now / 1000, exp: now / 1000 + 60 });
  });

  it('an expired token is refused', () => {
    const now = Date.now();
    expect(verifyJwt(signJwt({ sub: 'u1', sid: 's1' }, secret, 60, now), secret, now + 61_000)).toBeNull();
  });

  it('a token signed with another secret is refused', () => {
    expect(verifyJwt(signJwt({ sub: 'u1', sid: 's1' }, 'other-secret', 60), secret)).toBeNull();
  });

  it('a token with a changed payload is refused', () => {
    const [h, , s] = signJwt({ sub: 'u1', sid: 's1' }, secret, 60).split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', sid: 's1', iat: 0, exp: 9e9 })).toString(
      'base64url',
    );
    expect(verifyJwt(`${h}.${forged}.${s}`, secret)).toBeNull();
  });

  it('an alg other than HS256 is refused, and garbage is refused', () => {
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u","sid":"s","exp":9999999999}').toString('base64url')}.`;
    expect(verifyJwt(none, secret)).toBeNull();
    expect(verifyJwt('not-a-token', secret)).toBeNull();
  });

  it('a signature with extra characters is refused (the signature is compared as its canonical text)', () => {
    const token = signJwt({ sub: 'u1', sid: 's1' }, secret, 60);
    expect(verifyJwt(`${token}A`, secret)).toBeNull();
    expect(verifyJwt(`${token}=`, secret)).toBeNull();
    expect(verifyJwt(`${token}!`, secret)).toBeNull();
  });

  it('a signature whose last base64url character differs only in its unused bits is refused', () => {
    const token = signJwt({ sub: 'u1', sid: 's1' }, secret, 60);
    const last = token.at(-1) as string;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // 32 bytes are 43 characters: the last one carries 4 bits, so 4 characters decode to the same bytes.
    const index = alphabet.indexOf(last);
    const twin = alphabet[(index & ~3) | ((index + 1) & 3)];
    expect(Buffer.from(twin, 'base64url').length).toBe(Buffer.from(last, 'base64url').length);
    expect(verifyJwt(`${token.slice(0, -1)}${twin}`, secret)).toBeNull();
  });
});
