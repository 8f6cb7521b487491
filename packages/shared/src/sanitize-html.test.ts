import { describe, expect, it } from 'vitest';
import { richTextPlain, sanitizeHtml } from './sanitize-html.ts';

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

/** What must never survive, whatever the spelling: checked on the output as a browser would read it. */
const dangerous =
  /<script|<style|<svg|<math|<iframe|<object|<embed|<base|<meta|<link|<form|\son\w+\s*=|javascript:|data:|vbscript:|expression\s*\(|style=/i;

describe('sanitizeHtml attack list: nothing executable survives', () => {
  const attacks: [string, string][] = [
    ['a script element', '<p>前</p><script>alert(1)</script><p>后</p>'],
    ['a script element in capitals with attributes', '<SCRIPT type="text/javascript" src="//x.js"></SCRIPT>'],
    ['a script element split by a comment', '<scr<!-- -->ipt>alert(1)</script>'],
    ['a script element without its end tag', '<p>文字<script>alert(1)'],
    ['an event handler', '<p onclick="alert(1)">文字</p>'],
    ['an event handler in capitals, unquoted', '<B ONMOUSEOVER=alert(1)>文字</B>'],
    ['an event handler after a slash', '<p/onclick=alert(1)>文字</p>'],
    ['an image error handler', '<img src="/x.png" onerror="alert(1)">'],
    ['a javascript: link', '<a href="javascript:alert(1)">点我</a>'],
    ['a javascript: link with entities', '<a href="jav&#x61;script&colon;alert(1)">点我</a>'],
    ['a javascript: link with a tab and a leading space', '<a href=" java\tscript:alert(1)">点我</a>'],
    ['a javascript: link in capitals', '<a href="JAVASCRIPT:alert(1)">点我</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">点我</a>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">点我</a>'],
    ['a data: image', '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">'],
    ['an SVG with a script', '<svg><script>alert(1)</script></svg>'],
    ['an SVG with an onload handler', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['an SVG link to javascript:', '<svg><a xlink:href="javascript:alert(1)"><text>点</text></a></svg>'],
    [
      'a MathML link',
      '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
    ],
    ['a CSS expression in a style attribute', '<p style="width: expression(alert(1))">文字</p>'],
    ['a CSS expression in a style element', '<style>p { width: expression(alert(1)) }</style><p>文字</p>'],
    ['a style url to javascript:', '<div style="background:url(javascript:alert(1))">文字</div>'],
    ['a base element', '<base href="https://evil.example/"><a href="/x">链接</a>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>文字</p>'],
    ['a link element', '<link rel="stylesheet" href="https://evil.example/x.css">'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['an iframe with srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ['an object and an embed', '<object data="data:text/html,x"></object><embed src="javascript:alert(1)">'],
    ['a form with a javascript: action', '<form action="javascript:alert(1)"><button>提交</button></form>'],
    ['a template hiding a script', '<template><script>alert(1)</script></template>'],
    ['a textarea breakout', '<textarea></textarea><script>alert(1)</script></textarea>'],
    ['a noscript breakout', '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
    ['an attribute breaking out of its quotes', '<a href="/x" title="a"onmouseover="alert(1)">链接</a>'],
    ['a comment breaking out', '<!--<img src="--><img src=x onerror=alert(1)//">'],
    ['a processing instruction', '<?xml-stylesheet href="javascript:alert(1)"?><p>文字</p>'],
    ['a nested script text', '<scr<script>ipt>alert(1)</scr</script>ipt>'],
  ];
  for (const [name, html] of attacks)
    it(`drops ${name}`, () => {
      const clean = sanitizeHtml(html);
      expect(clean).not.toMatch(dangerous);
      // Sanitising what was sanitised changes nothing: the output is already in its final form.
      expect(sanitizeHtml(clean)).toBe(clean);
    });

  it('keeps the text around a dropped script and drops the script text', () => {
    expect(sanitizeHtml('<p>前</p><script>alert(1)</script><p>后</p>')).toBe('<p>前</p><p>后</p>');
  });

  it('keeps a link to a web address or a path of the site, and escapes its value', () => {
    expect(sanitizeHtml('<a href="/news/index?a=1&amp;b=2">新闻</a>')).toBe(
      '<a href="/news/index?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">新闻</a>',
    );
  });

  it('keeps an image from a web address or the site, with its alt text', () => {
    expect(sanitizeHtml('<img src="/api/files/1" alt="封面" width="10">')).toBe(
      '<img src="/api/files/1" alt="封面">',
    );
  });

  it('keeps table spans that are numbers only', () => {
    expect(sanitizeHtml('<table><tr><td colspan="2" rowspan="x">格</td></tr></table>')).toBe(
      '<table><tr><td colspan="2">格</td></tr></table>',
    );
  });

  it('closes tags left open and ignores stray end tags', () => {
    expect(sanitizeHtml('<p><strong>粗</p></em>')).toBe('<p><strong>粗</strong></p>');
  });

  it('escapes text that looks like markup', () => {
    expect(sanitizeHtml('1 < 2 & 3 > 2 &amp; <3')).toBe('1 &lt; 2 &amp; 3 &gt; 2 &amp; &lt;3');
  });

  it('works without a DOM (the server)', () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    expect(sanitizeHtml('<p>正文</p>')).toBe('<p>正文</p>');
  });
});

describe('richTextPlain', () => {
  it('answers the text of rich text without tags', () => {
    expect(richTextPlain('<h2>标题</h2><p>正文&amp;<script>x</script>更多</p>')).toBe('标题 正文&更多');
  });
});
