import { DICT_CACHE_MS } from '@skill-cert/shared/constants';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/provider';
import { type FakeRequest, installFakeNetwork, ok } from '@/test/fake-network';
import { cachedDict, clearDictCache, DICT_STORAGE_KEY, dictLabel } from './dict-cache';
import { useDict } from './use-dict';

const options = {
  record_status: [
    { label: '草稿', value: 0 },
    { label: '待审核', value: 1 },
  ],
  skill_level: [{ label: '五级/初级工', value: 5 }],
  exam_type: [{ label: '理论考试', value: 1 }],
} as const;

/** The fake `POST /api/dict`: answers the names asked, as the server does. */
function installDictServer() {
  return installFakeNetwork({
    'POST /api/dict': (request: FakeRequest) => {
      const names = (request.body as URLSearchParams).getAll('params[]') as (keyof typeof options)[];
      return ok(Object.fromEntries(names.map((n) => [n, options[n]])));
    },
  });
}
const askedNames = (request: FakeRequest) => (request.body as URLSearchParams).getAll('params[]');

function DictLabels({ names }: { names: string[] }) {
  const { dict, loading } = useDict(...names);
  return (
    <ul data-testid={names.join('+')}>
      {loading ? <li>loading</li> : null}
      {names.map((name) => (
        <li key={name}>{`${name}:${dict[name].map((o) => o.label).join(',')}`}</li>
      ))}
    </ul>
  );
}

const renderDicts = (...lists: string[][]) =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      {lists.map((names) => (
        <DictLabels key={names.join('+')} names={names} />
      ))}
    </AppProviders>,
  );

describe('useDict (spec §7, §9: POST /api/dict, cached 30 minutes)', () => {
  beforeEach(() => {
    clearDictCache();
  });

  it('posts params[] names as a form body and shows the options', async () => {
    const network = installDictServer();
    renderDicts(['record_status', 'skill_level']);

    expect(await screen.findByText('record_status:草稿,待审核')).toBeInTheDocument();
    expect(screen.getByText('skill_level:五级/初级工')).toBeInTheDocument();
    const [call] = network.callsTo('POST /api/dict');
    expect(call.headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(String(call.body)).toBe('params%5B%5D=record_status&params%5B%5D=skill_level');
  });

  it('shares one cache: a second use does not refetch, and only missing names are asked for', async () => {
    const network = installDictServer();
    const first = renderDicts(['record_status', 'skill_level']);
    await screen.findByText('record_status:草稿,待审核');
    first.unmount();

    renderDicts(['record_status'], ['skill_level', 'exam_type']);
    expect(await screen.findByText('exam_type:理论考试')).toBeInTheDocument();
    expect(screen.getByText('record_status:草稿,待审核')).toBeInTheDocument();

    const calls = network.callsTo('POST /api/dict');
    expect(calls.map(askedNames)).toEqual([['record_status', 'skill_level'], ['exam_type']]);
  });

  it('two components asking at once for the same name share one request', async () => {
    const network = installDictServer();
    renderDicts(['record_status'], ['record_status', 'skill_level']);
    await screen.findByText('skill_level:五级/初级工');
    const asked = network.callsTo('POST /api/dict').flatMap(askedNames);
    expect(asked.filter((n) => n === 'record_status')).toHaveLength(1);
  });

  it('clearDictCache forgets memory and the stored copy, and mounted users fetch again', async () => {
    const network = installDictServer();
    renderDicts(['record_status']);
    await screen.findByText('record_status:草稿,待审核');
    expect(localStorage.getItem(DICT_STORAGE_KEY)).toContain('record_status');

    act(() => clearDictCache());

    expect(localStorage.getItem(DICT_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(network.callsTo('POST /api/dict')).toHaveLength(2));
    expect(await screen.findByText('record_status:草稿,待审核')).toBeInTheDocument();
  });

  it('an entry older than 30 minutes counts as missing', async () => {
    installDictServer();
    renderDicts(['skill_level']);
    await screen.findByText('skill_level:五级/初级工');
    const now = Date.now();
    expect(cachedDict('skill_level', now)).toHaveLength(1);
    expect(cachedDict('skill_level', now + DICT_CACHE_MS + 1)).toBeUndefined();
  });

  it('dictLabel finds a label whatever the value type', () => {
    expect(dictLabel(options.record_status as never, '1')).toBe('待审核');
    expect(dictLabel(options.record_status as never, 9)).toBe('');
    expect(dictLabel(undefined, 1)).toBe('');
  });
});
