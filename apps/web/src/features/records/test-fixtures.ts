import type { OccupationCatalogue } from '@skill-cert/shared/occupations';
import type { Region } from '@/shared/dict/area-tree';
import { ok } from '@/test/fake-network';

/** Test data for the record application screens (imported by their tests only). */

export const catalogue: OccupationCatalogue = {
  categories: [
    {
      code: '4',
      name: '社会生产服务和生活服务人员',
      occupations: [
        {
          code: '4-10-01-02',
          name: '育婴员',
          levels: [5, 4, 3],
          work_types: [],
          enabled: true,
          comprehensive_review: true,
        },
      ],
    },
    {
      code: '6',
      name: '生产制造及有关人员',
      occupations: [
        {
          code: '6-31-01-03',
          name: '电工',
          levels: [5, 4, 3, 2, 1],
          work_types: [],
          enabled: true,
          comprehensive_review: true,
        },
        {
          code: '6-18-02-04',
          name: '焊工',
          levels: [5, 4, 3, 2, 1],
          work_types: ['电焊工', '气焊工'],
          enabled: true,
          comprehensive_review: true,
        },
      ],
    },
  ],
  levels: [
    { code: 5, name: '五级/初级工' },
    { code: 4, name: '四级/中级工' },
    { code: 3, name: '三级/高级工' },
    { code: 2, name: '二级/技师' },
    { code: 1, name: '一级/高级技师' },
  ],
};

export const regions: Region[] = [
  {
    _id: '330000',
    code: '330000',
    name: '浙江省',
    city: [
      {
        _id: '330100',
        code: '330100',
        name: '杭州市',
        county: [{ _id: '330106', code: '330106', name: '西湖区' }],
      },
    ],
  },
];

export const referenceRoutes = {
  'GET /api/occupations': ok(catalogue),
  'GET /api/area/info': ok(regions),
};
