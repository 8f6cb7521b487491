import { describe, expect, it } from 'vitest';
import { planZipName, safeFileName } from './download-names.ts';

describe('download names', () => {
  it('a plan zip is named {计划编号}_{计划名称}_{what}.zip, without the number before it has one', () => {
    expect(planZipName({ planNo: 'BA20261207DHZ6BL202611001', name: '电工四级评价' }, '证书')).toBe(
      'BA20261207DHZ6BL202611001_电工四级评价_证书.zip',
    );
    expect(planZipName({ planNo: null, name: '2025年电工三级（线下）' }, '档案')).toBe(
      '2025年电工三级（线下）_档案.zip',
    );
  });

  it('characters a file system refuses become a dash', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a-b-c-d-e-f-g-h-i-j');
    expect(safeFileName(' / ')).toBe('-');
    expect(safeFileName('   ')).toBe('未命名');
  });
});
