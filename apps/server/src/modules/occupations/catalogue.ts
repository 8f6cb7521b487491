import { ALL_SKILL_LEVELS, type Occupation, type SkillLevelCode } from '@skill-cert/shared/occupations';

/** An occupation as shipped: what the seed writes (enabled, levels 2 and 1 with 综合评审). */
export type ShippedOccupation = Pick<Occupation, 'code' | 'name' | 'levels' | 'work_types'>;

/**
 * A subset of 《中华人民共和国职业分类大典（2022年版）》: occupations that carry national skill standards and
 * are commonly evaluated by enterprises, with the levels their standards set and their 工种/职业方向.
 * The seed of 职业目录 (the `occupations` table): added at start where missing by code, never overwriting what the
 * platform edited there (service.ts ensureOccupationCatalogue). Readers read the table, never this list.
 */
const occ = (
  code: string,
  name: string,
  workTypes: string[] = [],
  levels: readonly SkillLevelCode[] = ALL_SKILL_LEVELS,
): ShippedOccupation => ({ code, name, levels: [...levels], work_types: workTypes });

export const occupationCatalogue: { code: string; name: string; occupations: ShippedOccupation[] }[] = [
  {
    code: '4',
    name: '社会生产服务和生活服务人员',
    occupations: [
      occ('4-01-02-02', '电子商务师'),
      occ('4-01-02-07', '互联网营销师', ['选品员', '直播销售员', '视频创推员', '平台管理员']),
      occ('4-02-06-01', '仓储管理员'),
      occ('4-02-07-10', '网约配送员'),
      occ('4-03-02-01', '中式烹调师'),
      occ('4-03-02-02', '中式面点师'),
      occ('4-03-02-03', '西式烹调师'),
      occ('4-03-02-04', '西式面点师'),
      occ('4-03-02-07', '茶艺师'),
      occ('4-04-04-01', '信息通信网络运行管理员'),
      occ('4-04-04-02', '网络与信息安全管理员', ['网络安全管理员', '信息安全管理员', '互联网信息审核员']),
      occ('4-04-05-01', '计算机程序设计员'),
      occ('4-04-05-02', '计算机软件测试员'),
      occ('4-04-05-05', '人工智能训练师', ['数据标注员', '人工智能算法测试员']),
      occ('4-07-03-02', '企业人力资源管理师', [], [4, 3, 2, 1]),
      occ('4-07-05-01', '保安员'),
      occ('4-07-05-04', '消防设施操作员', ['消防设施监控操作', '消防设施检测维修保养']),
      occ('4-10-01-02', '育婴员', [], [5, 4, 3]),
      occ('4-10-01-03', '保育师', [], [5, 4, 3]),
      occ('4-10-01-05', '养老护理员'),
      occ('4-10-01-06', '家政服务员', ['家务服务员', '母婴护理员', '家庭照护员']),
      occ('4-10-03-01', '美容师'),
      occ('4-10-03-02', '美发师'),
      occ('4-12-01-01', '汽车维修工', [
        '汽车机械维修工',
        '汽车电器维修工',
        '汽车车身修复工',
        '汽车车身涂装修复工',
        '汽车美容装潢工',
        '汽车玻璃维修工',
      ]),
      occ('4-13-99-00', '电子竞技员'),
      occ('4-14-02-02', '健康管理师', [], [3, 2, 1]),
    ],
  },
  {
    code: '6',
    name: '生产制造及有关人员',
    occupations: [
      occ('6-18-01-01', '车工'),
      occ('6-18-01-02', '铣工'),
      occ('6-18-01-04', '磨工'),
      occ('6-18-02-04', '焊工', ['电焊工', '气焊工', '钎焊工', '焊接设备操作工']),
      occ('6-20-01-01', '装配钳工'),
      occ('6-20-01-02', '工具钳工'),
      occ('6-29-01-01', '砌筑工'),
      occ('6-29-01-04', '钢筋工'),
      occ('6-29-01-05', '架子工'),
      occ('6-30-99-00', '工业机器人系统操作员'),
      occ('6-31-01-02', '机修钳工'),
      occ('6-31-01-03', '电工'),
      occ('6-31-01-10', '工业机器人系统运维员'),
    ],
  },
];
