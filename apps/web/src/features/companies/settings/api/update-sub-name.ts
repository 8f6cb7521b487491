import type { CompanyInfo } from '@skill-cert/shared/companies';
import { request } from '@/shared/http';
import { useCompanySetting } from './use-company-setting';

/** `PATCH /api/companies/updateSubName` (administrator): the company's short name. */
export const updateSubName = (body: { sub_name: string }): Promise<CompanyInfo> =>
  request<CompanyInfo>('PATCH', '/api/companies/updateSubName', { body });

export const useUpdateSubName = () => useCompanySetting(updateSubName);
