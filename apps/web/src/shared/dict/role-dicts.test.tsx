import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/provider';
import { type FakeRequest, installFakeNetwork, ok } from '@/test/fake-network';
import { clearDictCache } from './dict-cache';
import { prefetchRoleDicts, ROLE_DICTS } from './role-dicts';
import { useDict } from './use-dict';

const askedNames = (request: FakeRequest) => (request.body as URLSearchParams).getAll('params[]');

/** Every name answers one item named after it. */
function installDictServer() {
  return installFakeNetwork({
    'POST /api/dict': (request: FakeRequest) =>
      ok(Object.fromEntries(askedNames(request).map((n) => [n, [{ label: `${n}-item`, value: 1 }]]))),
  });
}

function StatusLabel() {
  const { dict } = useDict('test_plan_status');
  return <p>{dict.test_plan_status.map((i) => i.label).join(',') || 'empty'}</p>;
}

describe('dictionaries at sign-in (spec §6)', () => {
  beforeEach(() => clearDictCache());

  it('the institution fetches its dictionaries in one request, and its pages read them from the one cache', async () => {
    const network = installDictServer();
    const queryClient = createQueryClient();
    await prefetchRoleDicts(queryClient, 3);

    const calls = network.callsTo('POST /api/dict');
    expect(calls).toHaveLength(1);
    expect(askedNames(calls[0])).toEqual([...(ROLE_DICTS[3] ?? [])]);
    for (const name of [
      'company_type',
      'test_plan_status',
      'exam_room_type',
      'examinee_status',
      'order_status',
    ])
      expect(askedNames(calls[0])).toContain(name);

    render(
      <AppProviders queryClient={queryClient}>
        <StatusLabel />
      </AppProviders>,
    );
    expect(await screen.findByText('test_plan_status-item')).toBeInTheDocument();
    expect(network.callsTo('POST /api/dict')).toHaveLength(1);
  });

  it('the examiner fetches its smaller set; the enterprise and the platform fetch none at sign-in', async () => {
    const network = installDictServer();
    await prefetchRoleDicts(createQueryClient(), 4);
    expect(askedNames(network.callsTo('POST /api/dict')[0])).toEqual([
      'exam_subject',
      'exam_type',
      'answer_card_review_status',
      'exam_status',
      'entry_status',
      'evaluate_result',
    ]);
    await prefetchRoleDicts(createQueryClient(), 1);
    await prefetchRoleDicts(createQueryClient(), 2);
    expect(network.callsTo('POST /api/dict')).toHaveLength(1);
  });
});
