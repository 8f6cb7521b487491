import DOMPurify from 'dompurify';

/** Tags kept by the rich-text sanitiser (spec §9); everything else is unwrapped, or dropped with its content. */
const ALLOWED_TAGS = [
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
];
const SAFE_URL = /^(https?:|mailto:|\/|#)/i;

const purify = DOMPurify();
// Links open in a new tab, without handing the opener to the page they open.
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  node.setAttribute('target', '_blank');
  node.setAttribute('rel', 'noopener noreferrer');
});

/** Keeps formatting tags and safe links (DOMPurify); drops scripts, event handlers, styles and other attributes. */
export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href'],
    ALLOWED_URI_REGEXP: SAFE_URL,
    KEEP_CONTENT: true,
  });
}
