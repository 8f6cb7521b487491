import { describe, expect, it } from 'vitest';
import { normalizeAddr, pageRegistry, resolveServerPage } from './page-registry';

describe('page registry', () => {
  it('has a page for every addr the server menus start with', () => {
    for (const addr of [
      'system/menu',
      'system/role',
      'system/user',
      'platform/company',
      'platform/news',
      'platform/audit-log',
      'platform/banner',
      'institution/record-center',
      'institution/test-plan',
      'institution/test-plan-edit',
      'institution/staff',
      'institution/role',
      'institution/course',
      'institution/order',
      'institution/exchange-code',
      'examiner/exam-task',
      'examiner/exam-task-score',
    ]) {
      expect(resolveServerPage(addr), addr).toBe(pageRegistry[addr]);
    }
  });

  it('accepts the usual spellings of an addr', () => {
    expect(normalizeAddr(' /system/menu/index.vue ')).toBe('system/menu');
    expect(resolveServerPage('/system/menu/index')).toBe(pageRegistry['system/menu']);
  });

  it('has nothing for an unknown or empty addr (the route shows 页面暂不可用)', () => {
    expect(resolveServerPage('platform/unknown')).toBeNull();
    expect(resolveServerPage(null)).toBeNull();
    expect(resolveServerPage('')).toBeNull();
  });
});
