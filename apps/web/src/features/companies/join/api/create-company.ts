import type { CompanyInfo, CreateCompanyBody } from '@skill-cert/shared/companies';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/shared/http';

/** `POST /api/companies`: the caller creates a company and becomes its administrator. */
export const createCompany = (body: CreateCompanyBody): Promise<CompanyInfo> =>
  request<CompanyInfo>('POST', '/api/companies', { body });

export const useCreateCompany = () => useMutation({ mutationFn: createCompany });
