import type { Division } from '@iot/contracts/maps';
import { Cascader } from 'antd';
import { useEffect, useState } from 'react';
import { mapsApi } from '../api';

interface Option {
  value: string;
  label: string;
  code: string;
  isLeaf: boolean;
  children?: Option[];
}

/** A division as the cascader keeps it: the §3 short code (2, 4 or 6 digits) as its value. */
const optionOf = (d: Division): Option => ({
  value: d.code.slice(0, d.level * 2),
  label: d.name,
  code: d.code,
  isLeaf: d.level >= 3,
});

/**
 * The three-level area code address (§3): province, prefecture, county, as the first 2, 4 and 6
 * digits of a division code; levels load as they are opened, and a stored value's levels up front.
 */
export function AddressCascader({ value, onChange }: { value: string[]; onChange(codes: string[]): void }) {
  const [options, setOptions] = useState<Option[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the first value only; later levels load on demand
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const provinces = (await mapsApi.divisions()).map(optionOf);
      // Open the stored value's branch so it shows by name.
      let level = provinces;
      for (const short of value.slice(0, 2)) {
        const parent = level.find((o) => o.value === short);
        if (!parent) break;
        parent.children = (await mapsApi.divisions(parent.code)).map(optionOf);
        level = parent.children;
      }
      if (!cancelled) setOptions(provinces);
    })().catch((error: unknown) => console.warn('行政区划加载失败', error));
    return () => {
      cancelled = true;
    };
  }, []);

  return (
    <Cascader<Option>
      options={options}
      value={value}
      changeOnSelect
      placeholder="省 / 市 / 区县"
      style={{ width: '100%' }}
      onChange={(codes) => onChange((codes ?? []).map(String))}
      loadData={async (path) => {
        const target = path[path.length - 1];
        if (!target || target.children) return;
        target.children = (await mapsApi.divisions(target.code)).map(optionOf);
        setOptions((current) => [...current]);
      }}
      data-testid="address-cascader"
    />
  );
}
