import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('follows paths of this site', () => {
    expect(safeRedirect('/profile?tab=1')).toBe('/profile?tab=1');
  });

  it('refuses other origins, protocol-relative URLs and the login page itself', () => {
    for (const raw of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      '/login',
      '/login?x=1',
      '',
      null,
    ]) {
      expect(safeRedirect(raw)).toBeNull();
    }
  });
});
