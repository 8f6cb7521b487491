import { describe, expect, it } from 'vitest';
import { isValidCreditCode } from './credit-code.ts';

describe('统一社会信用代码 check character', () => {
  it('accepts codes whose 18th character matches the GB 32100 check', () => {
    expect(isValidCreditCode('91110108MA01DEM200')).toBe(true);
    expect(isValidCreditCode('52110000MA01JGDM0K')).toBe(true);
    expect(isValidCreditCode(' 91350100m000100y43 ')).toBe(true);
  });

  it('refuses a wrong check character', () => {
    expect(isValidCreditCode('91110108MA01DEM201')).toBe(false);
  });

  it('refuses a wrong length and letters outside the alphabet (I, O, S, V, Z)', () => {
    expect(isValidCreditCode('91110108MA01DEM2')).toBe(false);
    expect(isValidCreditCode('91110108MA01DEI200')).toBe(false);
  });
});
