import { describe, expect, it } from 'vitest';
import { makeUser } from '@/test/fake-network';
import { nextStepAfterLogin } from './next-step';

describe('nextStepAfterLogin', () => {
  it('refuses a user without roles', () => {
    expect(nextStepAfterLogin(makeUser({ roles: [] }), '/profile')).toEqual({ kind: 'no-role' });
  });

  it('asks to pick a role when none is active', () => {
    const user = makeUser({ roles: [2, 4], active_role_type_id: null });
    expect(nextStepAfterLogin(user, null)).toEqual({ kind: 'pick-role', roles: user.role_type_info });
  });

  it('goes to the redirect target first, else to the role home', () => {
    expect(nextStepAfterLogin(makeUser({ roles: [3] }), '/profile')).toEqual({ kind: 'go', to: '/profile' });
    expect(nextStepAfterLogin(makeUser({ roles: [1], company_id: null }), null)).toEqual({
      kind: 'go',
      to: '/join',
    });
  });
});
