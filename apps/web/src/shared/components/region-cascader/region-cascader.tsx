import { Cascader } from 'antd';
import type { CSSProperties } from 'react';
import { type RegionOption, useAreaTree } from '@/shared/dict/area-tree';

export interface RegionCascaderProps {
  /** [provinceCode, cityCode, countyCode]; fewer when `changeOnSelect` lets a higher level be picked. */
  value?: string[];
  onChange?: (codes: string[], names: string[]) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  /** Allow picking a province or city without going down to a county. */
  changeOnSelect?: boolean;
  style?: CSSProperties;
  id?: string;
}

const filterRegion = (input: string, path: RegionOption[]): boolean =>
  path.some((option) => option.label.includes(input.trim()));

/** Province / city / county picker on the session's area tree (spec §2 "region cascade selector"). */
export function RegionCascader({
  value,
  onChange,
  placeholder = '请选择省/市/区',
  disabled,
  allowClear = true,
  changeOnSelect,
  style,
  id,
}: RegionCascaderProps) {
  const { data: options, isLoading } = useAreaTree();
  return (
    <Cascader<RegionOption>
      id={id}
      options={options}
      value={value}
      loading={isLoading}
      disabled={disabled}
      allowClear={allowClear}
      changeOnSelect={changeOnSelect}
      placeholder={placeholder}
      style={{ width: '100%', ...style }}
      showSearch={{ filter: filterRegion }}
      notFoundContent={isLoading ? '加载中…' : '暂无数据'}
      onChange={(codes, selected) => {
        onChange?.(
          (codes ?? []).map(String),
          (selected ?? []).map((o) => o.label),
        );
      }}
    />
  );
}
