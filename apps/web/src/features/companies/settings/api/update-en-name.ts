import type { CompanyInfo } from '@skill-cert/shared/companies';
import { request } from '@/shared/http';
import { useCompanySetting } from './use-company-setting';

/** `PATCH /api/companies/updateEnName` (administrator): the company's English name. */
export const updateEnName = (body: { en_name: string }): Promise<CompanyInfo> =>
  request<CompanyInfo>('PATCH', '/api/companies/updateEnName', { body });

export const useUpdateEnName = () => useCompanySetting(updateEnName);
