import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeNetwork, ok, paged } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { CertificateTemplatePage } from '../certificate-template-page';
import { clickButton, dialogNamed, signInEnterprise, template } from '../test-fixtures';

const REFUSED = '模板“电工证书”已用于 2 个批量生成批次（共 3 张证书），不能删除';

/** The confirmation's button that deletes (antd may space its two characters). */
const confirmButton = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll<HTMLButtonElement>('button')].find(
    (b) => b.textContent?.replace(/\s/g, '') === '删除',
  )!;

async function askToDelete(name: string) {
  const row = (await screen.findByText(name)).closest('tr')!;
  await clickButton(row, '删除');
  return dialogNamed('删除模板');
}

describe('删除 on 证书模板', () => {
  it('asks first, naming the template; 删除 sends one DELETE and the list is asked again', async () => {
    signInEnterprise();
    const t = template({ template_name: '电工证书' });
    let deleted = false;
    const network = installFakeNetwork({
      'GET /api/customCertificateTemplates': () => (deleted ? paged([]) : paged([t])),
      [`DELETE /api/customCertificateTemplates/${t._id}`]: () => {
        deleted = true;
        return ok(null);
      },
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await askToDelete('电工证书');
    expect(dialog.textContent).toContain('确定删除模板“电工证书”吗？删除后不能恢复。');
    expect(network.callsTo(`DELETE /api/customCertificateTemplates/${t._id}`)).toHaveLength(0);
    const listed = network.callsTo('GET /api/customCertificateTemplates').length;
    confirmButton(dialog).click();
    await waitFor(() =>
      expect(network.callsTo(`DELETE /api/customCertificateTemplates/${t._id}`)).toHaveLength(1),
    );
    expect(await screen.findByText('模板已删除')).toBeInTheDocument();
    await waitFor(() =>
      expect(network.callsTo('GET /api/customCertificateTemplates').length).toBeGreaterThan(listed),
    );
    await waitFor(() => expect(screen.queryByText('电工证书')).toBeNull());
  });

  it('a template certificates were made from: the refusal naming how many is shown, the template stays', async () => {
    signInEnterprise();
    const t = template({ template_name: '电工证书' });
    installFakeNetwork({
      'GET /api/customCertificateTemplates': paged([t]),
      [`DELETE /api/customCertificateTemplates/${t._id}`]: fail(400, REFUSED),
    });
    renderWithProviders(<CertificateTemplatePage />);
    const dialog = await askToDelete('电工证书');
    confirmButton(dialog).click();
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    const row = screen.getByText('电工证书').closest('tr')!;
    expect(within(row).getByText('A4 横向')).toBeInTheDocument();
  });
});
