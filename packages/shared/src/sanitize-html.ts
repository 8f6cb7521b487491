/**
 * The one rich-text sanitiser (spec §9): the server runs it on what it saves, the web app on what it shows. It needs
 * no DOM. It reads the input as tags and text and writes a new document of its own: only the tags and attributes
 * below, every attribute value and every text re-escaped, so nothing of the input reaches the output unparsed and a
 * reading that differs from a browser's can only lose content, never let markup through.
 */

/** Tags kept (spec §9's fixed list). Any other tag is unwrapped (its text kept), or dropped with its content. */
export const RICH_TEXT_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
] as const;

/** Attributes kept, per tag; every other attribute (event handlers, `style`, `class`, ...) is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href'],
  img: ['src', 'alt'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

/** The only link targets kept: web and mail links and paths of this site. `javascript:`, `data:` and others never. */
export const SAFE_URL = /^(?:https?:|mailto:|\/|#)/i;

/** Elements removed with everything inside them (scripts, styles, SVG, MathML, frames, forms' text). */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'template',
  'svg',
  'math',
  'object',
  'select',
  'frameset',
  'head',
]);
/** Of those, the ones a browser reads as raw text up to their end tag (markup inside is not markup). */
const RAW_TEXT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
]);
const VOID = new Set(['br', 'hr', 'img']);
const ALLOWED = new Set<string>(RICH_TEXT_TAGS);

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
};

/** Character references in an attribute value, as a browser reads them (numeric ones and the common named ones). */
function decodeEntities(value: string): string {
  return value.replace(
    /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([a-zA-Z][a-zA-Z0-9]{1,31}));?/g,
    (m, dec, hex, name) => {
      if (dec || hex) {
        const code = Number.parseInt(dec ?? hex, dec ? 10 : 16);
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
          ? String.fromCodePoint(code)
          : '\ufffd';
      }
      return NAMED_ENTITIES[(name as string).toLowerCase()] ?? m;
    },
  );
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text: `<` and `>` escaped; `&` kept only where it starts a character reference, so sanitising twice changes nothing. */
const escapeText = (text: string) =>
  text
    .replace(/&(?!(?:#\d{1,8}|#[xX][0-9a-fA-F]{1,7}|[a-zA-Z][a-zA-Z0-9]{1,31});)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/** A URL as a browser follows it: without the whitespace and control characters it ignores. Empty when unsafe. */
function safeUrl(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  return SAFE_URL.test(url) ? url : '';
}

/** One attribute kept: its value cleaned for its kind, or null when it is dropped. */
function keptAttribute(tag: string, name: string, value: string): string | null {
  if (!RICH_TEXT_ATTRIBUTES[tag]?.includes(name)) return null;
  if (name === 'href' || name === 'src') return safeUrl(value) || null;
  if (name === 'colspan' || name === 'rowspan') return /^\d{1,3}$/.test(value.trim()) ? value.trim() : null;
  return decodeEntities(value);
}

interface Tag {
  name: string;
  end: boolean;
  attributes: [string, string][];
  /** Index just after the tag's `>` (or the input's end). */
  next: number;
}

/** Reads the tag starting at `html[start] === '<'` (a letter or `/`+letter follows). */
function readTag(html: string, start: number): Tag {
  let i = start + 1;
  const end = html[i] === '/';
  if (end) i++;
  const nameMatch = /^[^\s/>]+/.exec(html.slice(i, i + 64)) ?? [''];
  const name = nameMatch[0].toLowerCase();
  i += nameMatch[0].length;
  const attributes: [string, string][] = [];
  const n = html.length;
  while (i < n) {
    while (i < n && /[\s/]/.test(html[i])) i++;
    if (i >= n || html[i] === '>') break;
    let j = i;
    // The first character of a name may be `=`; the name runs to whitespace, `/`, `>` or `=`.
    j++;
    while (j < n && !/[\s/>=]/.test(html[j])) j++;
    const attrName = html.slice(i, j).toLowerCase();
    i = j;
    while (i < n && /\s/.test(html[i])) i++;
    let value = '';
    if (html[i] === '=') {
      i++;
      while (i < n && /\s/.test(html[i])) i++;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        value = html.slice(i + 1, close === -1 ? n : close);
        i = close === -1 ? n : close + 1;
      } else {
        j = i;
        while (j < n && !/[\s>]/.test(html[j])) j++;
        value = html.slice(i, j);
        i = j;
      }
    }
    if (!attributes.some(([a]) => a === attrName)) attributes.push([attrName, value]);
  }
  return { name, end, attributes, next: Math.min(i + 1, n) };
}

/** Index after the end tag `</name ...>` from `from`, or the input's end when there is none. */
function afterEndTag(html: string, name: string, from: number): number {
  const re = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
  re.lastIndex = from;
  const m = re.exec(html);
  if (!m) return html.length;
  const close = html.indexOf('>', m.index);
  return close === -1 ? html.length : close + 1;
}

/** Index after the element opened at `from` (its start tag already read), counting nested ones of the same name. */
function afterElement(html: string, name: string, from: number): number {
  const re = new RegExp(`<(/?)${name}(?=[\\s/>]|$)`, 'gi');
  re.lastIndex = from;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      const close = html.indexOf('>', m.index);
      return close === -1 ? html.length : close + 1;
    }
  }
  return html.length;
}

/** Keeps the tags and attributes above and safe links; drops scripts, styles, event handlers and everything else. */
export function sanitizeHtml(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  const n = html.length;
  let i = 0;
  let text = 0;
  const flushText = (to: number) => {
    if (to > text) out.push(escapeText(html.slice(text, to)));
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt === -1) break;
    const next = html[lt + 1] ?? '';
    if (next === '!' || next === '?') {
      flushText(lt);
      const closer = html.startsWith('<!--', lt) ? '-->' : '>';
      const close = html.indexOf(closer, lt + 2);
      i = text = close === -1 ? n : close + closer.length;
      continue;
    }
    const isTag = /[a-zA-Z]/.test(next) || (next === '/' && /[a-zA-Z]/.test(html[lt + 2] ?? ''));
    if (!isTag) {
      i = lt + 1;
      continue;
    }
    flushText(lt);
    const tag = readTag(html, lt);
    i = text = tag.next;
    if (tag.end) {
      const at = open.lastIndexOf(tag.name);
      if (at !== -1) for (const name of open.splice(at).reverse()) out.push(`</${name}>`);
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(tag.name)) {
      if (tag.name === 'plaintext') i = n;
      else
        i = RAW_TEXT.has(tag.name)
          ? afterEndTag(html, tag.name, tag.next)
          : afterElement(html, tag.name, tag.next);
      text = i;
      continue;
    }
    if (!ALLOWED.has(tag.name)) continue;
    const kept = tag.attributes
      .map(([name, value]) => [name, keptAttribute(tag.name, name, value)] as const)
      .filter((a): a is readonly [string, string] => a[1] !== null);
    if (tag.name === 'img' && !kept.some(([name]) => name === 'src')) continue;
    // Links open in a new tab, without handing the opener to the page they open.
    if (tag.name === 'a') kept.push(['target', '_blank'], ['rel', 'noopener noreferrer']);
    out.push(`<${tag.name}${kept.map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`).join('')}>`);
    if (!VOID.has(tag.name)) open.push(tag.name);
  }
  flushText(n);
  for (const name of open.reverse()) out.push(`</${name}>`);
  return out.join('');
}

/** The text of rich text, tags removed and whitespace collapsed (a summary, a search, an empty check). */
export function richTextPlain(html: string): string {
  return sanitizeHtml(html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
