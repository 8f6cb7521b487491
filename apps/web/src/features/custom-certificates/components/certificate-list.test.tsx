import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeNetwork, paged } from '@/test/fake-network';
import { renderWithProviders } from '@/test/render';
import { rowsOf } from '@/test/ui';
import { certificateRow, signInEnterprise } from '../test-fixtures';
import { CertificateList } from './certificate-list';

describe('CertificateList', () => {
  it("numbers rows by the sheet's 序号 (the sheet row only when the row has none)", async () => {
    signInEnterprise();
    installFakeNetwork({
      'GET /api/customCertificateBatchUploadRecords/b1/certificateList': paged([
        certificateRow({ row_number: 2, row_key: '1' }),
        certificateRow({ row_number: 3, row_key: 'A-7' }),
        certificateRow({ row_number: 4, row_key: '' }),
      ]),
    });
    const { container } = renderWithProviders(<CertificateList batchId="b1" generating={false} />);
    await waitFor(() => expect(rowsOf(container)).toHaveLength(3));
    const table = container.querySelector('table')!;
    const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const column = headers.indexOf('序号');
    expect(column).toBe(0);
    const cells = rowsOf(table).map((tr) => within(tr).getAllByRole('cell')[column]!.textContent);
    expect(cells).toEqual(['1', 'A-7', '第4行']);
  });
});
