import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/service.ts';
import { SessionCache } from './session-cache.ts';

const entry = (id: string) => ({
  user: { id } as UserRow,
  roleTypeIds: [1],
  companyRole: null,
  companyActive: null,
  companyType: null,
});

describe('session cache', () => {
  it('answers within its lifetime and not after', () => {
    const c = new SessionCache(true, 1000);
    c.set('s1', entry('u1'), 0);
    expect(c.get('s1', 999)?.user.id).toBe('u1');
    expect(c.get('s1', 1000)).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const c = new SessionCache(true);
    c.set('s1', entry('u1'));
    c.set('s2', entry('u1'));
    c.set('s3', entry('u2'));
    c.forgetSession('s3');
    expect(c.get('s3')).toBeUndefined();
    c.forgetUser('u1');
    expect(c.get('s1')).toBeUndefined();
    expect(c.get('s2')).toBeUndefined();
  });

  it('keeps nothing when disabled (shared PostgreSQL)', () => {
    const c = new SessionCache(false);
    c.set('s1', entry('u1'));
    expect(c.get('s1')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const c = new SessionCache(true, 60_000, 2);
    c.set('s1', entry('u1'));
    c.set('s2', entry('u2'));
    c.set('s3', entry('u3'));
    expect(c.get('s1')).toBeUndefined();
    expect(c.get('s3')?.user.id).toBe('u3');
  });
});
