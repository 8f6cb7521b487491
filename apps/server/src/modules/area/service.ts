import type { Region } from '@skill-cert/shared/area';
import { areaList } from '@vant/area-data';

let tree: Region[] | undefined;

/** The province / city / county tree from the maintained @vant/area-data package, built once. */
export function regionTree(): Region[] {
  if (tree) return tree;
  const node = (code: string, name: string): Region => ({ _id: code, code, name });
  const provinces = Object.entries(areaList.province_list).map(([code, name]) => ({
    ...node(code, name),
    city: [] as Region[],
  }));
  const byProvince = new Map(provinces.map((p) => [p.code.slice(0, 2), p]));
  const cities = new Map<string, Region & { county: Region[] }>();
  for (const [code, name] of Object.entries(areaList.city_list)) {
    const city = { ...node(code, name), county: [] as Region[] };
    cities.set(code.slice(0, 4), city);
    byProvince.get(code.slice(0, 2))?.city.push(city);
  }
  for (const [code, name] of Object.entries(areaList.county_list)) {
    cities.get(code.slice(0, 4))?.county.push(node(code, name));
  }
  tree = provinces;
  return tree;
}

/** Names of a county code's province, city and county, for showing a stored code. */
export function regionNames(code: string): string[] {
  const names: string[] = [];
  const province = regionTree().find((p) => p.code.slice(0, 2) === code.slice(0, 2));
  if (!province) return names;
  names.push(province.name);
  const city = province.city?.find((c) => c.code.slice(0, 4) === code.slice(0, 4));
  if (!city) return names;
  names.push(city.name);
  const county = city.county?.find((c) => c.code === code);
  if (county) names.push(county.name);
  return names;
}
