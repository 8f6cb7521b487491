import { describe, expect, it } from 'vitest';
import { cleanQuery, toQueryString } from './query.ts';

describe('cleanQuery', () => {
  it('drops null and undefined values', () => {
    expect(cleanQuery({ a: null, b: undefined, c: 1 })).toEqual({ c: 1 });
  });

  it('drops empty and blank strings', () => {
    expect(cleanQuery({ a: '', b: '   ', c: 'x' })).toEqual({ c: 'x' });
  });

  it("drops 'all' and '全部' (also when padded)", () => {
    expect(cleanQuery({ a: 'all', b: '全部', c: ' all ', d: 'allx' })).toEqual({ d: 'allx' });
  });

  it('trims string values', () => {
    expect(cleanQuery({ name: '  张三 ' })).toEqual({ name: '张三' });
  });

  it('keeps numbers and booleans, including 0 and false', () => {
    expect(cleanQuery({ page: 0, per_page: 10, whether_read: false, ok: true })).toEqual({
      page: 0,
      per_page: 10,
      whether_read: false,
      ok: true,
    });
  });

  it('keeps non-empty arrays and drops empty ones', () => {
    expect(cleanQuery({ ids: [1, 2], none: [] })).toEqual({ ids: [1, 2] });
  });

  it('returns a new object and leaves the input unchanged', () => {
    const input = { a: ' x ', b: null, ids: [1] };
    const out = cleanQuery(input);
    expect(out).not.toBe(input);
    expect(out.ids).not.toBe(input.ids);
    expect(input).toEqual({ a: ' x ', b: null, ids: [1] });
  });

  it('treats null or undefined params as empty', () => {
    expect(cleanQuery(null)).toEqual({});
    expect(cleanQuery(undefined)).toEqual({});
  });
});

describe('toQueryString', () => {
  it('joins key=value pairs with &', () => {
    expect(toQueryString({ a: 1, b: 'x' })).toBe('a=1&b=x');
  });

  it('encodes keys and values with encodeURIComponent', () => {
    expect(toQueryString({ 'k y': 'a&b=c 张' })).toBe(`k%20y=${encodeURIComponent('a&b=c 张')}`);
  });

  it('writes arrays as repeated key[]=v entries (POST /api/dict params[])', () => {
    expect(toQueryString({ params: ['company_type', 'exam_type'] })).toBe(
      'params[]=company_type&params[]=exam_type',
    );
  });

  it('does not double a key that already ends in []', () => {
    expect(toQueryString({ 'params[]': ['a'] })).toBe('params[]=a');
  });

  it('cleans the params first', () => {
    expect(toQueryString({ a: null, b: '全部', c: ' x ', d: [], e: false })).toBe('c=x&e=false');
  });

  it('returns an empty string when nothing is left', () => {
    expect(toQueryString({ a: '', b: 'all' })).toBe('');
  });
});
