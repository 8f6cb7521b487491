import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import type { onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** Where verification texts go. A real gateway implements the same interface. */
export interface SmsProvider {
  send(message: { phone: string; text: string; code: string; purpose: string }): Promise<void>;
}

/** Keeps sent codes in memory: tests read them with `lastCode`. */
export class MemorySmsProvider implements SmsProvider {
  readonly sent: { phone: string; text: string; code: string; purpose: string }[] = [];
  async send(message: { phone: string; text: string; code: string; purpose: string }) {
    this.sent.push(message);
  }
  lastCode(phone: string): string | undefined {
    return this.sent.findLast((m) => m.phone === phone)?.code;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsProvider;
    /**
     * The one per-address budget of every route that sends an SMS (`SMS_PER_IP_PER_MINUTE`): put it in the
     * route's `onRequest`. One limiter shared by all of them; a limit per route gave an address that many
     * sends on each route.
     */
    smsAddressLimit: onRequestHookHandler;
  }
}

/**
 * `log` (default) writes the code to the server log; `file` appends JSON lines to DATA_DIR/sms-outbox.jsonl
 * (browser tests read it); tests may hand in their own provider.
 */
export const smsPlugin = fp<{ provider?: SmsProvider }>(
  async (app, opts) => {
    const { config } = app;
    let provider = opts.provider;
    if (!provider && config.smsProvider === 'file' && config.dataDir) {
      const file = path.join(config.dataDir, 'sms-outbox.jsonl');
      provider = {
        send: (m) => appendFile(file, `${JSON.stringify({ ...m, time: new Date().toISOString() })}\n`),
      };
    }
    if (!provider && config.smsProvider === 'memory') provider = new MemorySmsProvider();
    provider ??= {
      send: async (m) =>
        app.log.info({ phone: m.phone, code: m.code, purpose: m.purpose }, `短信验证码：${m.text}`),
    };
    app.decorate('sms', provider);
    app.decorate('smsAddressLimit', app.rateLimit({ max: config.smsPerIpPerMinute, timeWindow: '1 minute' }));
  },
  { name: 'sms', dependencies: ['config', '@fastify/rate-limit'] },
);
