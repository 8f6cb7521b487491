import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own Content-Security-Policy instead of `CONTENT_SECURITY_POLICY` (e.g. an API docs page). */
    contentSecurityPolicy?: string;
  }
}

/**
 * The policy the built web app works under (pages, the public certificate page, API answers and downloads):
 * scripts only from our origin (no inline script: index.html loads `boot.js`); styles also inline, since
 * antd's CSS-in-JS writes `<style>` elements at run time (docs/decisions.md); images and PDF previews also from
 * `data:`/`blob:` (previews of bytes the page holds, also read back by `fetch`); the real-time WebSocket; framed only by our own pages
 * (the PDF preview frames a file answer).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self' blob: ws: wss:",
  "frame-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The policy with the bucket's origins: the page posts direct uploads to it, and with presigned download links
 * (S3_DOWNLOAD_LINK_SECONDS) a file answer redirects there, so images and PDF previews load from it too.
 */
export const policyConnectingTo = (origins: readonly string[]): string => {
  if (origins.length === 0) return CONTENT_SECURITY_POLICY;
  const more = ` ${origins.join(' ')}`;
  return CONTENT_SECURITY_POLICY.replace("connect-src 'self' blob: ws: wss:", `$&${more}`)
    .replace("img-src 'self' data: blob:", `$&${more}`)
    .replace("frame-src 'self' blob:", `$&${more}`);
};

/**
 * The built app's scripts and stylesheets (answers under `/assets/` of a script or stylesheet type): a browser applies
 * a CSP and X-Frame-Options to documents (and workers, which the app does not start), never to a script or stylesheet
 * it loads, so these two go without them (every script pays them out of the first screens' transfer budgets). Decided by the answer's type, not its path: a missing script's path is answered with the page,
 * a document. A worker script would need its CSP back.
 */
const SUBRESOURCE_TYPE = /^(?:application\/javascript|text\/javascript|text\/css)\b/;
const isSubresource = (url: string, type: unknown) =>
  url.startsWith('/assets/') && SUBRESOURCE_TYPE.test(String(type ?? ''));

/**
 * Security headers on every answer: pages, API envelopes, errors and file downloads alike; nosniff and the referrer
 * rule on the app's scripts and stylesheets too, without the page-only rules (`isSubresource`).
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!isSubresource(request.url, reply.getHeader('content-type'))) {
        reply.header(
          'content-security-policy',
          request.routeOptions.config?.contentSecurityPolicy ??
            policyConnectingTo(app.storage?.directUpload?.origins() ?? []),
        );
        reply.header('x-frame-options', 'SAMEORIGIN');
      }
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      return payload;
    });
  },
  { name: 'security-headers' },
);
