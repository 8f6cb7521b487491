import type { CompanyInfo } from '@skill-cert/shared/companies';
import { request } from '@/shared/http';
import { useCompanySetting } from './use-company-setting';

/** `PATCH /api/companies/updateLogo` (administrator): an image uploaded through /api/files/upload. */
export const updateLogo = (body: { logo_file_id: string }): Promise<CompanyInfo> =>
  request<CompanyInfo>('PATCH', '/api/companies/updateLogo', { body });

export const useUpdateLogo = () => useCompanySetting(updateLogo);
