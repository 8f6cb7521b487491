import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import pg from 'pg';

/**
 * Events between server instances. With PostgreSQL: LISTEN/NOTIFY (payloads carry ids only, under the
 * 8000-byte limit). With the embedded database there is one process (the data-folder lock), so events
 * stay in-process.
 */
export interface Bus {
  publish(channel: BusChannel, payload: object): Promise<void>;
  subscribe(channel: BusChannel, handler: (payload: unknown) => void): () => void;
}

export type BusChannel = 'sc_messages' | 'sc_sessions' | 'sc_idempotency' | 'sc_dict';
const CHANNELS: BusChannel[] = ['sc_messages', 'sc_sessions', 'sc_idempotency', 'sc_dict'];

declare module 'fastify' {
  interface FastifyInstance {
    bus: Bus;
  }
}

export const busPlugin = fp(
  async (app) => {
    const local = new EventEmitter().setMaxListeners(0);
    const deliver = (channel: string, payload: unknown) => {
      for (const handler of local.listeners(channel)) {
        try {
          (handler as (p: unknown) => void)(payload);
        } catch (err) {
          app.log.error({ err, channel }, 'bus handler failed');
        }
      }
    };
    const subscribe = (channel: BusChannel, handler: (payload: unknown) => void) => {
      local.on(channel, handler);
      return () => {
        local.off(channel, handler);
      };
    };

    const url = app.config.databaseUrl;
    if (!url) {
      app.decorate('bus', {
        subscribe,
        publish: async (channel, payload) => queueMicrotask(() => deliver(channel, payload)),
      });
      return;
    }

    let listener: pg.Client | undefined;
    let closing = false;
    const connect = async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('notification', (n) => {
        if (!n.payload) return;
        try {
          deliver(n.channel, JSON.parse(n.payload));
        } catch (err) {
          app.log.error({ err }, 'bad bus payload');
        }
      });
      client.on('error', (err) => {
        app.log.error({ err }, 'bus connection lost; reconnecting');
        listener = undefined;
        if (!closing) setTimeout(() => void connect().catch(() => {}), 1000);
      });
      await client.connect();
      for (const c of CHANNELS) await client.query(`listen ${c}`);
      listener = client;
    };
    await connect();
    const notifier = new pg.Pool({ connectionString: url, max: 2 });
    app.decorate('bus', {
      subscribe,
      publish: async (channel, payload) => {
        await notifier.query('select pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
      },
    });
    app.addHook('onClose', async () => {
      closing = true;
      await listener?.end().catch(() => {});
      await notifier.end().catch(() => {});
    });
  },
  { name: 'bus', dependencies: ['config'] },
);
