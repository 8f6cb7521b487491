import { DICT_VERSION_HEADER } from '@skill-cert/shared/dict';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/provider';
import { request } from '@/shared/http';
import { type FakeRequest, installFakeNetwork, ok } from '@/test/fake-network';
import { clearDictCache, DICT_STORAGE_KEY, DICT_VERSION_KEY } from './dict-cache';
import { useDict } from './use-dict';

/** A server whose dictionaries are at `state.version`, with `state.label` as exam_task_status 4's label. */
function installDictServer(state: { version: string; label: string }) {
  const headers = () => ({ [DICT_VERSION_HEADER]: state.version });
  return installFakeNetwork({
    'POST /api/dict': (request: FakeRequest) => ({
      ...ok(
        Object.fromEntries(
          (request.body as URLSearchParams)
            .getAll('params[]')
            .map((n) => [n, [{ label: state.label, value: 4 }]]),
        ),
      ),
      headers: headers(),
    }),
    'GET /api/ping': () => ({ ...ok(null), headers: headers() }),
  });
}

function TaskStatus() {
  const { dict } = useDict('exam_task_status');
  return <p>{`状态:${dict.exam_task_status.map((i) => i.label).join(',')}`}</p>;
}
const renderPage = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <TaskStatus />
    </AppProviders>,
  );

describe('dictionaries the platform edits reach a browser that kept a copy (X-Dict-Version)', () => {
  beforeEach(() => {
    clearDictCache();
    localStorage.removeItem(DICT_VERSION_KEY);
  });

  it('a reload within the 30 minutes shows the kept copy while the version is the same, without asking', async () => {
    const state = { version: 'v1', label: '已完成' };
    const network = installDictServer(state);
    const first = renderPage();
    expect(await screen.findByText('状态:已完成')).toBeInTheDocument();
    first.unmount();
    // The reloaded page's first call answers the same version.
    await request('GET', '/api/ping');
    renderPage();
    expect(await screen.findByText('状态:已完成')).toBeInTheDocument();
    expect(network.callsTo('POST /api/dict')).toHaveLength(1);
  });

  it('an answer of another version forgets the kept copy and the page shows the new label', async () => {
    const state = { version: 'v1', label: '已完成' };
    const network = installDictServer(state);
    renderPage();
    expect(await screen.findByText('状态:已完成')).toBeInTheDocument();
    expect(localStorage.getItem(DICT_STORAGE_KEY)).toContain('已完成');

    state.version = 'v2';
    state.label = '已完成评分';
    await request('GET', '/api/ping');

    expect(await screen.findByText('状态:已完成评分')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem(DICT_STORAGE_KEY)).toContain('已完成评分'));
    expect(localStorage.getItem(DICT_VERSION_KEY)).toBe('v2');
    expect(network.callsTo('POST /api/dict')).toHaveLength(2);
  });
});
