import type {
  CustomCertificateTemplate,
  DefaultBlank,
  TemplateBody,
} from '@skill-cert/shared/custom-certificates';
import type { Paged } from '@skill-cert/shared/pagination';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchFile } from '@/shared/files';
import { request } from '@/shared/http';

/** Templates of the caller's company (spec §7 custom certificate templates). */

export interface TemplateQuery {
  /** Contains, on the template name. */
  template_name?: string;
  page: number;
  per_page: number;
}

/** `GET /api/customCertificateTemplates?template_name&page&per_page`. */
export const getTemplates = (query: TemplateQuery): Promise<Paged<CustomCertificateTemplate>> =>
  request<Paged<CustomCertificateTemplate>>('GET', '/api/customCertificateTemplates', {
    params: { ...query },
  });

export const templatesQueryOptions = (query: TemplateQuery) =>
  queryOptions({
    queryKey: ['customCertificateTemplates', 'list', query],
    queryFn: () => getTemplates(query),
    placeholderData: keepPreviousData,
  });

export const useTemplates = (query: TemplateQuery, enabled = true) =>
  useQuery({ ...templatesQueryOptions(query), enabled });

/** `GET /api/customCertificateTemplates/{id}`. */
export const getTemplate = (id: string): Promise<CustomCertificateTemplate> =>
  request<CustomCertificateTemplate>('GET', `/api/customCertificateTemplates/${encodeURIComponent(id)}`);

export const useTemplate = (id: string | null) =>
  useQuery({
    queryKey: ['customCertificateTemplates', 'one', id],
    queryFn: () => getTemplate(id!),
    enabled: id !== null,
  });

/** `POST /api/customCertificateTemplates` or, with an id, `PATCH /api/customCertificateTemplates/{id}`. */
export const saveTemplate = ({
  id,
  body,
}: {
  id: string | null;
  body: TemplateBody;
}): Promise<CustomCertificateTemplate> =>
  id
    ? request<CustomCertificateTemplate>(
        'PATCH',
        `/api/customCertificateTemplates/${encodeURIComponent(id)}`,
        {
          body,
        },
      )
    : request<CustomCertificateTemplate>('POST', '/api/customCertificateTemplates', { body });

export const useSaveTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customCertificateTemplates'] }),
  });
};

/** `DELETE /api/customCertificateTemplates/{id}`; a template batches were made from is refused (the client shows why). */
export const deleteTemplate = (id: string): Promise<null> =>
  request<null>('DELETE', `/api/customCertificateTemplates/${encodeURIComponent(id)}`);

export const useDeleteTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customCertificateTemplates'] }),
  });
};

/**
 * `POST /api/customCertificateTemplates/preview`: the server renders the (unsaved) template with sample values
 * and answers the PDF itself (nothing is stored); a refusal rejects with the server's message.
 */
export const previewTemplate = async (body: TemplateBody): Promise<Blob> =>
  (await fetchFile('/api/customCertificateTemplates/preview', 'preview.pdf', { body })).blob;

export const usePreviewTemplate = () => useMutation({ mutationFn: previewTemplate });

/** `GET /api/defaultBlanks`: the fields a skill certificate carries. */
export const getDefaultBlanks = async (): Promise<DefaultBlank[]> => {
  const data = await request<DefaultBlank[] | { list: DefaultBlank[] }>('GET', '/api/defaultBlanks');
  return Array.isArray(data) ? data : data.list;
};

export const useDefaultBlanks = (enabled = true) =>
  useQuery({ queryKey: ['defaultBlanks'], queryFn: getDefaultBlanks, staleTime: Infinity, enabled });

/** `GET /api/customCertificateTemplates/{id}/zipTemplate`: the batch template (.xlsx + photo rule) as a zip. */
export const zipTemplateUrl = (id: string): string =>
  `/api/customCertificateTemplates/${encodeURIComponent(id)}/zipTemplate`;
