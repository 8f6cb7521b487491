import { verify } from '@node-rs/argon2';
import { RoleType } from '@skill-cert/shared/roles';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, useTestApp } from '../../../test/harness.ts';
import { DEMO_PASSWORD } from '../../db/seed.ts';
import { createUser } from '../users/service.ts';

// The argon2 check is watched, not timed: the machine is busy, and the rule is that the same work is done.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

const ctx = useTestApp();
const attempt = (name: string, password: string) =>
  api(ctx.app, 'POST', '/api/login', { body: { name, password } });

describe('login spends the same argon2 work whether the account exists or not', () => {
  beforeEach(() => {
    vi.mocked(verify).mockClear();
  });

  it('an unknown account is checked against a hash, as a wrong password is', async () => {
    const unknown = await attempt('nobody-here', 'bad-pass-1');
    expect(unknown.status).toBe(400);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
    vi.mocked(verify).mockClear();
    const wrong = await attempt('qiye', 'bad-pass-1');
    expect(wrong.status).toBe(400);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
    expect(unknown.body.message).toBe('用户名或密码错误');
    expect(wrong.body.message).toBe('用户名或密码错误');
  });

  it('an account without a password (SMS sign-in only) is checked against a hash too, and refused', async () => {
    await createUser(ctx.app.db, {
      name: 'sms-only',
      phone: '13911119999',
      roleTypeIds: [RoleType.ENTERPRISE],
    });
    const res = await attempt('sms-only', 'whatever-1');
    expect(res.status).toBe(400);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
  });

  it('the right password still signs in', async () => {
    const res = await attempt('qiye', DEMO_PASSWORD);
    expect(res.body.code).toBe(200);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1);
  });
});
