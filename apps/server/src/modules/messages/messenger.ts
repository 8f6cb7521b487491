import { TemplateKey } from '@skill-cert/shared/messages';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { uuidv7 } from '../../lib/id.ts';
import { users } from '../users/tables.ts';
import { insertMessages, insertMessagesWhere, type NewMessage } from './service.ts';

/** The one producer every module uses: store a message for its users and push it live (spec §4). */
export interface Messenger {
  toUsers(userIds: string[], message: NewMessage): Promise<number>;
  toCompany(companyId: string, message: NewMessage): Promise<number>;
  toEveryone(message: NewMessage): Promise<number>;
}

/** Live delivery: ids only on the bus; each instance reads the rows for the sockets it holds. */
export type MessagesEvent = { batch_id: string } | { unread_changed: string[] };

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
    const publish = async (batchId: string, stored: number) => {
      if (stored > 0) await app.bus.publish('sc_messages', { batch_id: batchId } satisfies MessagesEvent);
      return stored;
    };
    app.decorate('messenger', {
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
