import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mount } from './mount';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

describe('mount', () => {
  let unmount: () => void = () => {};
  afterEach(() => {
    act(() => unmount());
    document.body.innerHTML = '';
  });

  it('a phone user agent gets only 请使用电脑端打开', () => {
    const container = document.body.appendChild(document.createElement('div'));
    act(() => {
      const root = mount(container, IPHONE);
      unmount = () => root.unmount();
    });

    expect(container.textContent).toBe('请使用电脑端打开');
    expect(container.querySelectorAll('*')).toHaveLength(1);
    expect(document.querySelector('input, button, a')).toBeNull();
  });

  it('a phone opening the public certificate page (the QR code link) gets the page, not the notice', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    act(() => {
      const root = mount(container, IPHONE, '/information-link/0195f3a2-8c00-7abc-8def-0123456789ab');
      unmount = () => root.unmount();
    });

    expect(container.textContent).not.toBe('请使用电脑端打开');
  });

  it('a desktop user agent gets the app', async () => {
    const container = document.body.appendChild(document.createElement('div'));
    act(() => {
      const root = mount(container, DESKTOP);
      unmount = () => root.unmount();
    });

    expect(await screen.findByPlaceholderText('请输入用户名')).toBeInTheDocument();
    expect(screen.queryByText('请使用电脑端打开')).not.toBeInTheDocument();
  });
});
