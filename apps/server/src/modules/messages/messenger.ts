import { TemplateKey } from '@skill-cert/shared/messages';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/id.ts';
import {
  completePendingSends,
  insertMessages,
  type MessageRow,
  type NewMessage,
  recordSend,
  rowsOfSend,
  storeSendRows,
} from './service.ts';

/** The one producer every module uses: store a message for its users and push it live (spec §4). */
export interface Messenger {
  toUsers(userIds: string[], message: NewMessage): Promise<number>;
  /**
   * Stores a message for users inside the caller's transaction, so it exists exactly when the change it reports
   * does. Call the returned function once the transaction has committed: it pushes the message live.
   */
  toUsersIn(tx: DbOrTx, userIds: string[], message: NewMessage): Promise<() => Promise<number>>;
  /**
   * Ends a piece of work once and tells who started it: `end` makes the guarded change in a transaction (null when
   * another caller ended it already) and names whom to tell what; the message is stored in that transaction and
   * pushed after the commit (a lost push only means the message centre shows it instead of live). `about` names the
   * work in the log. Answers whether this call ended it.
   */
  finishAndTell(
    end: (tx: DbOrTx) => Promise<{ userIds: string[]; message: NewMessage } | null>,
    about: Record<string, unknown>,
  ): Promise<boolean>;
  toCompany(companyId: string, message: NewMessage): Promise<number>;
  toEveryone(message: NewMessage): Promise<number>;
  /**
   * The rows this instance has just stored, for its own sockets at once (no read-back); other instances
   * get the bus event (ids only) and read the rows. Returns the unsubscribe function.
   */
  onStored(listener: (rows: MessageRow[]) => void): () => void;
  /**
   * A send to many is pushed before its rows are written (see `sendToMany`); this tells when they are,
   * so caches of the unread list can be dropped again.
   */
  onWritten(listener: (userIds: string[]) => void): () => void;
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
export const systemNotice = (content: string): NewMessage => ({
  category: SYSTEM_CATEGORY,
  content,
  templateKey: TemplateKey.SYSTEM_NOTICE,
});

export const messengerPlugin = fp(
  async (app) => {
    const origin = uuidv7();
    const listeners = new Set<(rows: MessageRow[]) => void>();
    const writtenListeners = new Set<(userIds: string[]) => void>();
    const pushHere = (rows: MessageRow[]) => {
      for (const listener of listeners) {
        try {
          listener(rows);
        } catch (err) {
          app.log.error({ err }, 'local message delivery failed');
        }
      }
    };
    const publish = async (batchId: string, rows: MessageRow[]) => {
      if (rows.length === 0) return 0;
      pushHere(rows);
      await app.bus.publish('sc_messages', { batch_id: batchId, origin } satisfies MessagesEvent);
      return rows.length;
    };
    /**
     * A send to many: recorded first (one row), pushed here from memory, then its rows written in one
     * statement; other instances are told once the rows are there. Writing 10,000 rows takes the embedded
     * database most of a second, so the sockets do not wait for it.
     */
    const sendToMany = async (companyId: string | null, message: NewMessage) => {
      const send = await recordSend(app.db, uuidv7(), companyId, message, new Date());
      const rows = await rowsOfSend(app.db, send);
      pushHere(rows);
      await storeSendRows(app.db, send, rows);
      const userIds = rows.map((r) => r.userId);
      for (const listener of writtenListeners) listener(userIds);
      if (rows.length > 0) await app.bus.publish('sc_messages', { batch_id: send.id, origin });
      return rows.length;
    };
    const toUsersIn: Messenger['toUsersIn'] = async (tx, userIds, message) => {
      const batchId = uuidv7();
      const rows = await insertMessages(tx, batchId, [...new Set(userIds)], message);
      return () => publish(batchId, rows);
    };
    const recovered = await completePendingSends(app.db);
    if (recovered > 0) app.log.info({ recovered }, 'completed interrupted message sends');
    app.decorate('messenger', {
      origin,
      onStored(listener) {
        listeners.add(listener);
        return () => {
          listeners.delete(listener);
        };
      },
      onWritten(listener) {
        writtenListeners.add(listener);
        return () => {
          writtenListeners.delete(listener);
        };
      },
      toUsersIn,
      toUsers: async (userIds, message) => (await toUsersIn(app.db, userIds, message))(),
      async finishAndTell(end, about) {
        const push = await app.db.transaction(async (tx) => {
          const done = await end(tx);
          return done ? toUsersIn(tx, done.userIds, done.message) : null;
        });
        if (!push) return false;
        await push().catch((err) => app.log.error({ err, ...about }, '完成消息推送失败'));
        return true;
      },
      toCompany: (companyId, message) => sendToMany(companyId, message),
      toEveryone: (message) => sendToMany(null, message),
    } satisfies Messenger);
  },
  { name: 'messenger', dependencies: ['db', 'bus'] },
);
