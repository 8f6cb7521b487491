import WebSocket from 'ws';

type Params = Record<string, unknown>;
interface Reply {
  id?: number;
  method?: string;
  params?: Params;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

/** One page of the browser, attached on its own flat session: commands to it and its events. */
export interface CdpPage {
  send<T = unknown>(method: string, params?: Params): Promise<T>;
  /** The value of a script run in the page (promises awaited); a thrown error throws here. */
  evaluate<T = unknown>(expression: string): Promise<T>;
  close(): Promise<void>;
}

/**
 * The Chrome DevTools Protocol over the browser's own WebSocket, without Puppeteer: what `bench/web.ts` needs
 * beside Lighthouse (a page signed in the way the web app keeps a session, wheel events, the performance timeline).
 */
export async function connectBrowser(port: number) {
  const { webSocketDebuggerUrl } = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(reply: Reply) => void>();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as Reply;
    if (reply.method) for (const listener of listeners) listener(reply);
    const waiter = reply.id === undefined ? undefined : pending.get(reply.id);
    if (!waiter || reply.id === undefined) return;
    pending.delete(reply.id);
    if (reply.error) waiter.reject(new Error(reply.error.message));
    else waiter.resolve(reply.result);
  });
  const send = <T>(method: string, params: Params = {}, sessionId?: string): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });

  /** The next event `method` of a session. */
  const next = (method: string, sessionId: string): Promise<Params | undefined> =>
    new Promise((resolve) => {
      const listener = (reply: Reply) => {
        if (reply.method !== method || reply.sessionId !== sessionId) return;
        listeners.delete(listener);
        resolve(reply.params);
      };
      listeners.add(listener);
    });

  return {
    send,
    /** A new tab at `url`, once its load event has fired. */
    async open(url: string): Promise<CdpPage> {
      const { targetId } = await send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' });
      const { sessionId } = await send<{ sessionId: string }>('Target.attachToTarget', {
        targetId,
        flatten: true,
      });
      const page: CdpPage = {
        send: (method, params) => send(method, params, sessionId),
        async evaluate<T>(expression: string) {
          const { result, exceptionDetails } = await send<{
            result: { value: T };
            exceptionDetails?: { exception?: { description?: string }; text: string };
          }>('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }, sessionId).catch(
            (error: Error) => {
              throw new Error(`${error.message} in: ${expression.slice(0, 120)}`);
            },
          );
          if (exceptionDetails)
            throw new Error(exceptionDetails.exception?.description ?? exceptionDetails.text);
          return result.value;
        },
        close: () => send('Target.closeTarget', { targetId }),
      };
      await page.send('Page.enable');
      const loaded = next('Page.loadEventFired', sessionId);
      await page.send('Page.navigate', { url });
      await loaded;
      return page;
    },
    close: () => socket.close(),
  };
}
