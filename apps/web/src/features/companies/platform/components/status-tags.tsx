import { Tag } from 'antd';

/** 正常 / 已冻结. */
export function CompanyStatusTag({ status }: { status: number }) {
  return status ? <Tag color="success">正常</Tag> : <Tag color="error">已冻结</Tag>;
}
