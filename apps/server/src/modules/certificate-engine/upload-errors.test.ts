import type { UploadRejection } from '@skill-cert/shared/custom-certificates';
import { describe, expect, it } from 'vitest';
import { problem, uploadRejected } from './upload-errors.ts';

describe('uploadRejected', () => {
  it('one problem is the message itself', () => {
    expect(uploadRejected([problem('请上传 Excel（.xlsx）文件')]).message).toBe('请上传 Excel（.xlsx）文件');
  });

  it('several problems make one sentence that counts them and quotes the first, every one in data.errors', () => {
    const errors = [
      problem('表格缺少必填列「姓名」，请使用下载的模板填写', 1, '姓名'),
      problem('表格缺少必填列「证书编号」，请使用下载的模板填写', 1, '证书编号'),
    ];
    const rejection = uploadRejected(errors);
    expect(rejection.message).toBe(
      '上传的文件有 2 处问题，请全部改正后重新上传。第 1 处：表格缺少必填列「姓名」，请使用下载的模板填写',
    );
    expect(rejection.message).not.toMatch(/等$/);
    expect((rejection.data as UploadRejection).errors).toEqual(errors);
  });
});
