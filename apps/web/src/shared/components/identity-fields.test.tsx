import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Row } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { IdentityFields } from './identity-fields';

interface Values {
  id_type: number;
  id_number: string;
}

function PersonForm({ onFinish, warnOnly }: { onFinish: (v: Values) => void; warnOnly?: boolean }) {
  return (
    <Form<Values> initialValues={{ id_type: 1 }} onFinish={onFinish}>
      <IdentityFields warnOnly={warnOnly} />
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

const save = () => userEvent.click(screen.getByRole('button', { name: '保存' }));

describe('IdentityFields', () => {
  it('a blank number is refused with 请输入证件号码, said once', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<PersonForm onFinish={onFinish} />);
    await save();
    expect(await screen.findByText('请输入证件号码')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('a 居民身份证号 with a wrong check digit is refused', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<PersonForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('证件号码'), '110105194912310021');
    await save();
    expect(await screen.findByText('证件号码校验不通过，请核对')).toBeInTheDocument();
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('a valid 居民身份证号 is accepted, its X in either case', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<PersonForm onFinish={onFinish} />);
    await userEvent.type(screen.getByLabelText('证件号码'), '11010519491231002x');
    await save();
    await waitFor(() =>
      expect(onFinish).toHaveBeenCalledWith({ id_type: 1, id_number: '11010519491231002x' }),
    );
  });

  it('another type of document takes any number up to 30 characters', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<PersonForm onFinish={onFinish} />);
    await userEvent.click(screen.getByRole('combobox', { name: '证件类型' }));
    await userEvent.click(await screen.findByTitle('护照'));
    await userEvent.type(screen.getByLabelText('证件号码'), 'E'.repeat(31));
    await save();
    expect(await screen.findByText('证件号码不能超过30个字符')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('证件号码'));
    await userEvent.type(screen.getByLabelText('证件号码'), 'E12345678');
    await save();
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ id_type: 2, id_number: 'E12345678' }));
  });

  it('warnOnly: a wrong number is said but does not stop the save', async () => {
    const onFinish = vi.fn();
    renderWithProviders(<PersonForm onFinish={onFinish} warnOnly />);
    await userEvent.type(screen.getByLabelText('证件号码'), '110105194912310021');
    await save();
    expect(await screen.findByText('证件号码校验不通过，请核对')).toBeInTheDocument();
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
  });

  it('in a list of people each row is named after its person and checked against its own 证件类型', async () => {
    const onFinish = vi.fn();
    renderWithProviders(
      <Form
        initialValues={{
          members: [
            { id_type: 1, id_number: '' },
            { id_type: 3, id_number: '' },
          ],
        }}
        onFinish={onFinish}
      >
        <Form.List name="members">
          {(fields) =>
            fields.map((field) => (
              <Row key={field.key}>
                <IdentityFields
                  row={{ list: 'members', index: field.name }}
                  who={field.name === 0 ? '张三' : '李四'}
                  spans={[12, 12]}
                />
              </Row>
            ))
          }
        </Form.List>
        <Button htmlType="submit">保存</Button>
      </Form>,
    );
    await userEvent.type(screen.getByLabelText('张三的证件号码'), '110105194912310021');
    await userEvent.type(screen.getByLabelText('李四的证件号码'), '110105194912310021');
    await save();
    expect(await screen.findAllByText('证件号码校验不通过，请核对')).toHaveLength(1);
    expect(onFinish).not.toHaveBeenCalled();
  });
});
