import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION, hasPermission, hasRole, routeAllowsRole } from './permission.ts';

describe('hasPermission', () => {
  it("grants everything to holders of '*:*:*'", () => {
    expect(ALL_PERMISSION).toBe('*:*:*');
    expect(hasPermission(['*:*:*'], 'system:user:add')).toBe(true);
  });

  it('is true when any required key is held', () => {
    expect(hasPermission(['a:b:c', 'x:y:z'], ['q:q:q', 'x:y:z'])).toBe(true);
    expect(hasPermission(['a:b:c'], 'a:b:c')).toBe(true);
  });

  it('is false when no required key is held', () => {
    expect(hasPermission(['a:b:c'], ['x:y:z'])).toBe(false);
  });

  it('is false when nothing is held', () => {
    expect(hasPermission(undefined, 'a:b:c')).toBe(false);
    expect(hasPermission(null, ['a:b:c'])).toBe(false);
    expect(hasPermission([], 'a:b:c')).toBe(false);
  });

  it('throws when the required permission list is empty or missing', () => {
    expect(() => hasPermission(['*:*:*'], [])).toThrow(/hasPermission: no permission key given/);
    expect(() => hasPermission(['a'], '')).toThrow(Error);
    expect(() => hasPermission(['a'], '  ')).toThrow(Error);
    expect(() => hasPermission(['a'], undefined as unknown as string)).toThrow(Error);
  });
});

describe('hasRole', () => {
  it('is true when any required role is held', () => {
    expect(hasRole(['admin', 'editor'], ['editor'])).toBe(true);
    expect(hasRole([3], 3)).toBe(true);
  });

  it('compares role ids and names as strings', () => {
    expect(hasRole([3], ['3'])).toBe(true);
    expect(hasRole(['4'], [4])).toBe(true);
  });

  it('is false when no required role is held', () => {
    expect(hasRole([2, 3], [4])).toBe(false);
    expect(hasRole(undefined, [4])).toBe(false);
    expect(hasRole(null, 'admin')).toBe(false);
  });

  it('throws when the required role list is empty or missing', () => {
    expect(() => hasRole(['admin'], [])).toThrow(/hasRole: no role given/);
    expect(() => hasRole(['admin'], '')).toThrow(Error);
    expect(() => hasRole(['admin'], null as unknown as string)).toThrow(Error);
  });
});

describe('routeAllowsRole', () => {
  it('opens a route without a role list to all roles', () => {
    expect(routeAllowsRole(undefined, 4)).toBe(true);
    expect(routeAllowsRole(null, undefined)).toBe(true);
    expect(routeAllowsRole([], 2)).toBe(true);
  });

  it('allows the active role only when it is in the route role list', () => {
    expect(routeAllowsRole([2, 3], 3)).toBe(true);
    expect(routeAllowsRole([2, 3], '3')).toBe(true);
    expect(routeAllowsRole([2, 3], 4)).toBe(false);
    expect(routeAllowsRole([2, 3], null)).toBe(false);
  });
});
