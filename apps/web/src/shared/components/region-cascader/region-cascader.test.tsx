import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/provider';
import { type Region, toRegionOptions } from '@/shared/dict/area-tree';
import { installFakeNetwork, ok } from '@/test/fake-network';
import { allWithRole, findWithRole } from '@/test/ui';
import { RegionCascader } from './region-cascader';

const regions: Region[] = [
  {
    _id: '110000',
    code: '110000',
    name: '北京市',
    city: [
      {
        _id: '110100',
        code: '110100',
        name: '北京市',
        county: [
          { _id: '110101', code: '110101', name: '东城区' },
          { _id: '110102', code: '110102', name: '西城区' },
        ],
      },
    ],
  },
  {
    _id: '440000',
    code: '440000',
    name: '广东省',
    city: [{ _id: '441900', code: '441900', name: '东莞市', county: [] }],
  },
];

describe('toRegionOptions', () => {
  it('maps provinces, cities and counties to label / value / children; an empty level is a leaf', () => {
    expect(toRegionOptions(regions)).toEqual([
      {
        label: '北京市',
        value: '110000',
        children: [
          {
            label: '北京市',
            value: '110100',
            children: [
              { label: '东城区', value: '110101' },
              { label: '西城区', value: '110102' },
            ],
          },
        ],
      },
      { label: '广东省', value: '440000', children: [{ label: '东莞市', value: '441900' }] },
    ]);
  });
});

describe('RegionCascader', () => {
  const renderCascader = (props: Parameters<typeof RegionCascader>[0]) =>
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RegionCascader {...props} />
      </AppProviders>,
    );

  it('shows a stored [province, city, county] value by name', async () => {
    installFakeNetwork({ 'GET /api/area/info': ok(regions) });
    renderCascader({ value: ['110000', '110100', '110102'] });
    expect(await screen.findByText('北京市 / 北京市 / 西城区')).toBeInTheDocument();
  });

  it('fetches the area tree once for every cascader of the session', async () => {
    const network = installFakeNetwork({ 'GET /api/area/info': ok(regions) });
    const client = createQueryClient();
    render(
      <AppProviders queryClient={client}>
        <RegionCascader value={['110000', '110100', '110101']} />
        <RegionCascader value={['440000', '441900']} />
      </AppProviders>,
    );
    expect(await screen.findByText('北京市 / 北京市 / 东城区')).toBeInTheDocument();
    expect(screen.getByText('广东省 / 东莞市')).toBeInTheDocument();
    expect(network.callsTo('GET /api/area/info')).toHaveLength(1);
  });

  it('picks province, city and county and reports codes and names; search finds a county', async () => {
    installFakeNetwork({ 'GET /api/area/info': ok(regions) });
    const onChange = vi.fn();
    renderCascader({ onChange });
    const input = screen.getByRole('combobox');
    // The regions have arrived: the box no longer shows its loading icon.
    await waitFor(() => expect(allWithRole(document, 'img', 'loading')).toHaveLength(0));

    await userEvent.type(input, '西城');
    await userEvent.click(await findWithRole(document, 'menuitemcheckbox', /西城/));
    expect(onChange).toHaveBeenCalledWith(['110000', '110100', '110102'], ['北京市', '北京市', '西城区']);
  });
});
