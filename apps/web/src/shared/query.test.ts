import { describe, expect, it } from 'vitest';
import { toQueryString } from './query';

describe('GET query strings (spec §5 query cleaning)', () => {
  it('drops null, empty, all and 全部, trims, and repeats array keys', () => {
    expect(
      toQueryString({ q: ' 证书 A ', a: null, b: '', c: 'all', d: '全部', ids: ['1', '2'], page: 2 }),
    ).toBe('?q=%E8%AF%81%E4%B9%A6+A&ids=1&ids=2&page=2');
  });

  it('is empty when every value was dropped', () => {
    expect(toQueryString({ q: '', r: '全部' })).toBe('');
  });
});
