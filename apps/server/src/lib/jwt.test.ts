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
});
