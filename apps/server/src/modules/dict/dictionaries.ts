import type { DictItem } from '@skill-cert/shared/dict';

/** Dictionaries served by `POST /api/dict` (spec §6, DOMAIN.md "Reference data"): name → options. */

const items = (...labels: string[]): DictItem[] => labels.map((label, i) => ({ label, value: i + 1 }));
const from0 = (...labels: string[]): DictItem[] => labels.map((label, i) => ({ label, value: i }));

export const dictionaries: Record<string, DictItem[]> = {
  company_type: items('企业', '社会培训评价组织'),
  record_status: from0('草稿', '待审核', '已通过', '已驳回'),
  evaluation_status: from0('草稿', '待审批', '进行中', '成绩待审核', '已通过', '已发证', '已归档', '已驳回'),
  evaluation_method: items('理论知识考试', '操作技能考核', '综合评审'),
  skill_level: [
    { label: '五级/初级工', value: 5 },
    { label: '四级/中级工', value: 4 },
    { label: '三级/高级工', value: 3 },
    { label: '二级/技师', value: 2 },
    { label: '一级/高级技师', value: 1 },
  ],
  certificate_handle_status: from0('处理中', '处理成功', '处理失败'),
  certificate_produce_status: from0('待生成', '已生成', '生成失败'),
  exam_type: items('理论考试', '实操考试', '综合评审'),
  exam_status: from0('未开始', '进行中', '已结束', '已取消'),
  exam_subject: items('理论知识', '操作技能', '综合评审'),
  course_type: items('视频课程', '直播课程', '线下课程'),
  order_status: from0('待支付', '已支付', '已退款', '已关闭'),
  banner_status: from0('下线', '上线'),
  article_status: from0('草稿', '已发布', '已下线'),
  exchange_code_status: from0('未使用', '已使用', '已作废'),
  answer_card_review_status: from0('待复核', '未作答', '多选', '缺考', '违纪', '正常'),
  entry_status: from0('待审核', '已通过', '已驳回'),
  evaluate_result: from0('不合格', '合格'),
  message_category: items('系统通知', '证书通知', '审核通知', '导入通知'),
  id_type: items(
    '居民身份证',
    '港澳居民来往内地通行证',
    '台湾居民来往大陆通行证',
    '护照',
    '外国人永久居留身份证',
  ),
};
