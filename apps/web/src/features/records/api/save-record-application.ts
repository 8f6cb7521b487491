import type { RecordApplicationDetail } from '@skill-cert/shared/records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/shared/http';
import { ENTERPRISE_RECORDS, type RecordsBase } from './records-base';

/** The body of POST / PATCH: the form's content, and whether to submit it for review at once. */
export interface RecordApplicationInput {
  scopes: { occupation_code: string; work_type: string | null; levels: number[] }[];
  evaluation_basis: 1 | 2 | null;
  basis_file_id: string | null;
  sites: { name: string; region_code: string; address: string }[];
  examiners: RecordPersonInput[];
  supervisors: RecordPersonInput[];
  attachment_ids: string[];
  remark: string | null;
  submit: boolean;
}

export interface RecordPersonInput {
  name: string;
  id_number: string;
  phone: string;
  qualification: string;
}

/** `POST /api/recordApplications` (new) or `PATCH /api/recordApplications/:id` (a draft or rejected one). */
export const saveRecordApplication = (
  { id, body }: { id: string | null; body: RecordApplicationInput },
  base: RecordsBase = ENTERPRISE_RECORDS,
): Promise<RecordApplicationDetail> =>
  id
    ? request<RecordApplicationDetail>('PATCH', `${base}/${id}`, { body })
    : request<RecordApplicationDetail>('POST', base, { body });

export const useSaveRecordApplication = (base: RecordsBase = ENTERPRISE_RECORDS) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; body: RecordApplicationInput }) =>
      saveRecordApplication(input, base),
    onSuccess: (detail) => {
      queryClient.setQueryData(['record-applications', 'detail', detail._id], detail);
      void queryClient.invalidateQueries({ queryKey: ['record-applications', 'list'] });
    },
  });
};
