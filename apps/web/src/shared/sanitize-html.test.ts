import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps formatting tags', () => {
    expect(sanitizeHtml('<h2>第一条</h2><p>内容<strong>重点</strong></p><ul><li>一</li></ul>')).toBe(
      '<h2>第一条</h2><p>内容<strong>重点</strong></p><ul><li>一</li></ul>',
    );
  });

  it('drops scripts, styles and event handlers', () => {
    const html = sanitizeHtml(
      '<p onclick="x()" style="color:red">文字</p><script>alert(1)</script><style>p{}</style>',
    );
    expect(html).toBe('<p>文字</p>');
  });

  it('keeps safe links, opening in a new tab, and strips javascript: URLs', () => {
    expect(sanitizeHtml('<a href="https://example.com">官网</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">官网</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">点我</a>')).toBe(
      '<a target="_blank" rel="noopener noreferrer">点我</a>',
    );
  });

  it('unwraps unknown tags but keeps their text', () => {
    expect(sanitizeHtml('<section><font>正文</font></section><img src=x onerror="alert(1)">')).toBe('正文');
  });
});
