import type { CompanyScope } from '../../lib/company-scope.ts';
import type { UserRow } from '../users/service.ts';

/** The caller of a management endpoint: an enterprise user and the company the enterprise door found. */
export interface Caller {
  user: UserRow;
  company: CompanyScope;
}
