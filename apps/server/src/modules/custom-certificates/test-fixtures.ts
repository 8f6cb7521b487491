import type {
  CustomCertificateBatch,
  CustomCertificateTemplate,
  DefaultBlank,
  TemplateBody,
  UploadRejection,
} from '@skill-cert/shared/customCertificate';
import { TemplateKey } from '@skill-cert/shared/messages';
import type { FastifyInstance } from 'fastify';
import { api, login, multipartFile } from '../../../test/harness.ts';
import { onBatchProgress } from '../certificate-engine/batch-runner.ts';
import { DEFAULT_BLANKS } from '../certificate-engine/defaults.ts';
import { jpeg, png } from '../certificate-engine/test-fixtures.ts';

export async function upload(
  app: FastifyInstance,
  token: string,
  filename: string,
  content: Buffer,
  type = 'any',
) {
  const { payload, headers } = multipartFile(filename, content);
  const res = await app.inject({
    method: 'POST',
    url: `/api/files/upload?type=${type}`,
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
  const body = res.json();
  if (body.code !== 200) throw new Error(`upload ${filename}: ${body.message}`);
  return body.data.file_id as string;
}

/** The default blanks as a template body's blanks. */
export const defaultBlanks = (): DefaultBlank[] => DEFAULT_BLANKS.map((b) => ({ ...b }));

export async function createTemplate(
  app: FastifyInstance,
  token: string,
  overrides: Partial<TemplateBody> = {},
): Promise<CustomCertificateTemplate> {
  const background = await upload(app, token, '底图.jpg', jpeg(1600, 1131), 'image');
  const res = await api<CustomCertificateTemplate>(app, 'POST', '/api/customCertificateTemplates', {
    token,
    body: {
      template_name: '电工职业技能等级证书',
      background_file_id: background,
      blanks: defaultBlanks(),
      ...overrides,
    },
  });
  if (res.body.code !== 200) throw new Error(`template: ${res.body.message}`);
  return res.body.data;
}

/** A batch of a new template (createTemplate) from uploaded files: the POST's answer. */
export async function postBatch<T = CustomCertificateBatch | UploadRejection>(
  app: FastifyInstance,
  token: string,
  fileId: string,
  photoZipId: string | null = null,
) {
  const template = await createTemplate(app, token);
  return api<T>(app, 'POST', '/api/customCertificateBatchUploadRecords', {
    token,
    body: {
      name: '批次',
      custom_certificate_template_id: template._id,
      file_id: fileId,
      photo_zip_file_id: photoZipId,
    },
  });
}

/** A signed-in enterprise user ('duojuese', a colleague of 'qiye', holds four roles: switched to enterprise). */
export async function enterpriseToken(app: FastifyInstance, account = 'qiye'): Promise<string> {
  const { token } = await login(app, account);
  if (account !== 'qiye') await api(app, 'PATCH', '/api/user/switchRoleType', { token, body: { role: 1 } });
  return token;
}

/** An enterprise user of a second company (xinqiye creates one). */
export async function otherCompanyToken(app: FastifyInstance): Promise<string> {
  const { token } = await login(app, 'xinqiye');
  const licence = await upload(app, token, '营业执照.png', png(40, 40), 'image');
  const res = await api(app, 'POST', '/api/companies', {
    token,
    body: {
      name: '杭州另一家科技有限公司',
      credit_code: '91350100M000100Y43',
      region_code: '330106',
      address: '文三路 100 号',
      contact_name: '李四',
      contact_phone: '13912345678',
      licence_file_id: licence,
    },
  });
  if (res.body.code !== 200) throw new Error(`company: ${res.body.message}`);
  return token;
}

/** Rejects with `what` if `promise` has not settled within `ms`: a deadline on an event, not a wait. */
export function within<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what())), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const getBatch = async (app: FastifyInstance, token: string, id: string) => {
  const res = await api<CustomCertificateBatch>(
    app,
    'GET',
    `/api/customCertificateBatchUploadRecords/${id}`,
    {
      token,
    },
  );
  if (res.status !== 200) throw new Error(`batch ${id}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/**
 * The batch once it has ended: at once if it has, else when its done message (create_custom_certificate_done) is
 * stored, which the end of a batch and only that sends, in the same transaction.
 */
export async function waitForBatch(
  app: FastifyInstance,
  token: string,
  id: string,
  ms = 60_000,
): Promise<CustomCertificateBatch> {
  let stop = () => {};
  const ended = new Promise<void>((resolve) => {
    stop = app.messenger.onStored((rows) => {
      if (rows.some((r) => r.templateKey === TemplateKey.CUSTOM_CERTIFICATE_DONE && r.relatedId === id))
        resolve();
    });
  });
  try {
    const now = await getBatch(app, token, id);
    if (now.certificate_handle_status !== 0) return now;
    await within(ended, ms, () => `batch ${id} still processing after ${ms} ms`);
    return await getBatch(app, token, id);
  } finally {
    stop();
  }
}

/**
 * Counts the certificates each batch has recorded in this process from now on (subscribe before the batch starts);
 * `recorded(id, n)` resolves once batch `id` has recorded at least n.
 */
export function watchProgress() {
  const counts = new Map<string, number>();
  const waiters: { id: string; n: number; resolve: () => void }[] = [];
  const stop = onBatchProgress(({ batchId, recorded }) => {
    counts.set(batchId, (counts.get(batchId) ?? 0) + recorded);
    for (const w of waiters.filter((w) => (counts.get(w.id) ?? 0) >= w.n)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  });
  return {
    recorded(id: string, n: number, ms = 60_000): Promise<void> {
      if ((counts.get(id) ?? 0) >= n) return Promise.resolve();
      const reached = new Promise<void>((resolve) => waiters.push({ id, n, resolve }));
      return within(reached, ms, () => `batch ${id}: ${counts.get(id) ?? 0} of ${n} certificates recorded`);
    },
    stop,
  };
}
