import { TemplateKey } from '@skill-cert/shared/messages';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { uuidv7 } from '../../lib/id.ts';
import { users } from '../users/tables.ts';
import { insertMessages, insertMessagesWhere, type MessageRow, type NewMessage } from './service.ts';

/** The one producer every module uses: store a message for its users and push it live (spec §4). */
export interface Messenger {
  toUsers(userIds: string[], message: NewMessage): Promise<number>;
  toCompany(companyId: string, message: NewMessage): Promise<number>;
  toEveryone(message: NewMessage): Promise<number>;
  /**
   * The rows this instance has just stored, for its own sockets at once (no read-back); other instances
   * get the bus event (ids only) and read the rows. Returns the unsubscribe function.
   */
  onStored(listener: (rows: MessageRow[]) => void): () => void;
  /** This instance's id: bus events it published carry it as `origin`. */
  readonly origin: string;
}

/** Live delivery: ids only on the bus; each other instance reads the rows for the sockets it holds. */
export type MessagesEvent = { batch_id: string; origin?: string } | { unread_changed: string[] };

declare module 'fastify' {
  interface FastifyInstance {
    messenger: Messenger;
  }
}

export const SYSTEM_CATEGORY = '系统通知';
export const ACCESS_CATEGORY = '权限通知';
export const systemNotice = (content: string): NewMessage => ({
  category: SYSTEM_CATEGORY,
  content,
  templateKey: TemplateKey.SYSTEM_NOTICE,
});

export const messengerPlugin = fp(
  async (app) => {
    const origin = uuidv7();
    const listeners = new Set<(rows: MessageRow[]) => void>();
    const publish = async (batchId: string, rows: MessageRow[]) => {
      if (rows.length === 0) return 0;
      for (const listener of listeners) {
        try {
          listener(rows);
        } catch (err) {
          app.log.error({ err }, 'local message delivery failed');
        }
      }
      await app.bus.publish('sc_messages', { batch_id: batchId, origin } satisfies MessagesEvent);
      return rows.length;
    };
    app.decorate('messenger', {
      origin,
      onStored(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      async toUsers(userIds, message) {
        const batchId = uuidv7();
        return publish(batchId, await insertMessages(app.db, batchId, [...new Set(userIds)], message));
      },
      async toCompany(companyId, message) {
        const batchId = uuidv7();
        return publish(
          batchId,
          await insertMessagesWhere(app.db, batchId, eq(users.companyId, companyId), message),
        );
      },
      async toEveryone(message) {
        const batchId = uuidv7();
        return publish(batchId, await insertMessagesWhere(app.db, batchId, undefined, message));
      },
    } satisfies Messenger);
  },
  { name: 'messenger', dependencies: ['db', 'bus'] },
);
