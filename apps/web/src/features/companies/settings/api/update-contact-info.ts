import type { CompanyInfo } from '@skill-cert/shared/companies';
import { request } from '@/shared/http';
import { useCompanySetting } from './use-company-setting';

export interface ContactInfo {
  contact_name: string;
  contact_phone: string;
  contact_email?: string | null;
}

/** `PATCH /api/companies/updateContactInfo` (administrator). */
export const updateContactInfo = (body: ContactInfo): Promise<CompanyInfo> =>
  request<CompanyInfo>('PATCH', '/api/companies/updateContactInfo', { body });

export const useUpdateContactInfo = () => useCompanySetting(updateContactInfo);
