import { describe, expect, it } from 'vitest';
import { isValidIdCard, maskIdCard, parseIdCard, withCheckDigit } from './id-card.ts';

const today = new Date(2024, 5, 15, 12); // 2024-06-15 local
const FEMALE_1949 = '11010519491231002X';
const MALE_2000_LEAP = '440304200002290014';

describe('parseIdCard', () => {
  it('returns gender 2 / 女 when the 17th digit is even', () => {
    expect(parseIdCard(FEMALE_1949, today)).toMatchObject({ gender: 2, genderText: '女' });
  });

  it('returns gender 1 / 男 when the 17th digit is odd', () => {
    expect(parseIdCard(MALE_2000_LEAP, today)).toMatchObject({ gender: 1, genderText: '男' });
  });

  it('returns the birthday as YYYY-MM-DD and the region code as the first 6 digits', () => {
    expect(parseIdCard(FEMALE_1949, today)).toEqual({
      gender: 2,
      genderText: '女',
      birthday: '1949-12-31',
      age: 74,
      regionCode: '110105',
    });
  });

  it('counts age in whole years, turning a year older on the birthday', () => {
    const id = '310115200808081237';
    expect(parseIdCard(id, new Date(2024, 7, 7))?.age).toBe(15);
    expect(parseIdCard(id, new Date(2024, 7, 8))?.age).toBe(16);
  });

  it('accepts a lower-case x check character', () => {
    expect(parseIdCard(FEMALE_1949.toLowerCase(), today)?.birthday).toBe('1949-12-31');
  });

  it('rejects a wrong format (length, letters, X before the end)', () => {
    expect(parseIdCard('11010519491231002', today)).toBeNull();
    expect(parseIdCard('11010519491231002X1', today)).toBeNull();
    expect(parseIdCard('1101051949123100AX', today)).toBeNull();
    expect(parseIdCard('', today)).toBeNull();
  });

  it('rejects a wrong check digit', () => {
    expect(parseIdCard('110105194912310021', today)).toBeNull();
  });

  it('rejects a birth date that is not a real date', () => {
    // Check digit is correct, but 2023-02-29 does not exist.
    expect(parseIdCard('110105202302290014', today)).toBeNull();
  });

  it('accepts 29 February in a leap year', () => {
    expect(parseIdCard(MALE_2000_LEAP, today)?.birthday).toBe('2000-02-29');
  });

  it('rejects a birth date after today', () => {
    expect(parseIdCard('110105200001010032', new Date(1999, 11, 31))).toBeNull();
    expect(parseIdCard('110105200001010032', new Date(2000, 0, 1))?.age).toBe(0);
  });
});

describe('isValidIdCard', () => {
  it('is true exactly when parseIdCard returns a result', () => {
    expect(isValidIdCard(FEMALE_1949)).toBe(true);
    expect(isValidIdCard('110105194912310021')).toBe(false);
  });
});

describe('withCheckDigit', () => {
  it('completes 17 digits with the GB 11643 check character (X included)', () => {
    expect(withCheckDigit('11010519491231002')).toBe('11010519491231002X');
    for (let i = 0; i < 50; i++)
      expect(isValidIdCard(withCheckDigit(`11010819900101${String(i).padStart(3, '0')}`))).toBe(true);
  });
});

describe('maskIdCard', () => {
  it('keeps the first 3 and last 4 characters and stars the rest, keeping the length', () => {
    const masked = maskIdCard(FEMALE_1949);
    expect(masked).toBe('110***********002X');
    expect(masked).toHaveLength(FEMALE_1949.length);
  });

  it('returns short values unchanged and an empty string for null or undefined', () => {
    expect(maskIdCard('1234567')).toBe('1234567');
    expect(maskIdCard(null)).toBe('');
    expect(maskIdCard(undefined)).toBe('');
  });
});
