import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerDiscard, discardAsked } from '@/test/discard';
import { renderPage } from '@/test/render';
import { useUnsavedForm } from './unsaved-changes';

/** A page with a form: 取消 leaves for /list, 保存 runs `save` then leaves, a link goes elsewhere. */
function FormPage({ save = async () => {} }: { save?: () => Promise<void> }) {
  const [form] = Form.useForm<{ name: string }>();
  const unsaved = useUnsavedForm(form);
  const navigate = useNavigate();
  return (
    <Form form={form} initialValues={{ name: '原名' }}>
      <Form.Item name="name" label="名称">
        <Input />
      </Form.Item>
      <Button onClick={() => unsaved.confirmDiscard(() => navigate('/list'))}>取消</Button>
      <Button
        onClick={() =>
          void unsaved
            .whileSaving(save)
            .then(() => navigate('/list'))
            .catch(() => undefined)
        }
      >
        保存
      </Button>
      <Link to="/elsewhere">别处</Link>
    </Form>
  );
}

/** A page whose form is in a dialog (新增员工 and the like): its 取消 closes the dialog. */
function DialogPage() {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const unsaved = useUnsavedForm(form, open);
  return (
    <>
      <Button onClick={() => setOpen(true)}>新增</Button>
      {/* Rendered only while open: jsdom runs no leave animation, so a closed dialog would stay in the document. */}
      {open && (
        <Modal title="新增" open onCancel={() => unsaved.confirmDiscard(() => setOpen(false))} footer={null}>
          <Form form={form}>
            <Form.Item name="name" label="名称">
              <Input />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}

const nameField = () => screen.getByLabelText('名称');
const closeDialog = () => userEvent.click(screen.getByRole('button', { name: /close|关闭/i }));

describe('typed work is never lost without asking', () => {
  it('取消 with nothing typed leaves at once', async () => {
    const { location } = renderPage('/form', <FormPage />);
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(location()).toBe('/list'));
    expect(discardAsked()).toBe(false);
  });

  it('取消 after typing asks 放弃未保存的修改？: 继续编辑 keeps what was typed, 放弃修改 leaves', async () => {
    const { location } = renderPage('/form', <FormPage />);
    await userEvent.type(nameField(), '改');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await answerDiscard('继续编辑');
    expect(location()).toBe('/form');
    expect(nameField()).toHaveValue('原名改');

    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await answerDiscard('放弃修改');
    await waitFor(() => expect(location()).toBe('/list'));
  });

  it('typing the value back as it was leaves nothing unsaved', async () => {
    const { location } = renderPage('/form', <FormPage />);
    await userEvent.type(nameField(), '改');
    await userEvent.type(nameField(), '{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(location()).toBe('/list'));
    expect(discardAsked()).toBe(false);
  });

  it('leaving by a link or a navigation after typing asks too; 继续编辑 stays on the page', async () => {
    const { location, router } = renderPage('/form', <FormPage />);
    await userEvent.type(nameField(), '改');
    await userEvent.click(screen.getByRole('link', { name: '别处' }));
    await answerDiscard('继续编辑');
    expect(location()).toBe('/form');

    await act(() => router.navigate('/elsewhere'));
    await answerDiscard('放弃修改');
    await waitFor(() => expect(location()).toBe('/elsewhere'));
  });

  it('a save leaves without asking; a failed save keeps the work unsaved', async () => {
    let fail = true;
    const save = async () => {
      if (fail) throw new Error('名称已存在');
    };
    const { location } = renderPage('/form', <FormPage save={save} />);
    await userEvent.type(nameField(), '改');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    await answerDiscard('继续编辑');

    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(location()).toBe('/list'));
    expect(discardAsked()).toBe(false);
  });

  it('closing the browser tab is asked to be confirmed only while something typed is unsaved', async () => {
    renderPage('/form', <FormPage />);
    const closing = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(closing()).toBe(false);
    await userEvent.type(nameField(), '改');
    expect(closing()).toBe(true);
  });

  it('a dialog form: 取消 asks after typing, and a dialog opened afresh starts clean', async () => {
    renderPage('/staff', <DialogPage />);
    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    await userEvent.type(await screen.findByLabelText('名称'), '张三');
    await closeDialog();
    await answerDiscard('放弃修改');
    await waitFor(() => expect(screen.queryByLabelText('名称')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: '新增' }));
    await screen.findByLabelText('名称');
    await closeDialog();
    await waitFor(() => expect(screen.queryByLabelText('名称')).not.toBeInTheDocument());
    expect(discardAsked()).toBe(false);
  });
});
