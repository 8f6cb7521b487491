import type { ServerFrame } from '@skill-cert/shared/messages';
import WebSocket from 'ws';

/** A real WebSocket client that records the frames it receives (protocol tests, multi-instance tests). */
export class TestSocket {
  readonly frames: ServerFrame[] = [];
  private waiters: { match: (f: ServerFrame) => boolean; resolve: (f: ServerFrame) => void }[] = [];
  closed: { code: number } | undefined;
  private readonly closing: Promise<{ code: number }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as ServerFrame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) {
        if (w.match(frame)) {
          this.waiters.splice(this.waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    });
    this.closing = new Promise((resolve) => {
      ws.on('close', (code) => {
        this.closed = { code };
        resolve(this.closed);
      });
    });
  }

  static open(url: string): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const client = new TestSocket(ws);
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  /** The next frame of that type (or one already received and not yet taken, when `past` is true). */
  next<T extends ServerFrame['type']>(
    type: T,
    timeoutMs = 20_000,
    past = true,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    const seen = past ? this.frames.find((f) => f.type === type) : undefined;
    if (seen) {
      this.frames.splice(this.frames.indexOf(seen), 1);
      return Promise.resolve(seen as Extract<ServerFrame, { type: T }>);
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        match: (f) => f.type === type,
        resolve: (f) => {
          clearTimeout(timer);
          this.frames.splice(this.frames.indexOf(f), 1);
          resolve(f as Extract<ServerFrame, { type: T }>);
        },
      });
    });
  }

  /**
   * Resolves once the server has bound this socket to a user (`POST /api/websocket/bindUser` may travel to
   * another instance first): asks with `login` frames, each answered with whether the socket is bound.
   */
  async bound(timeoutMs = 20_000): Promise<void> {
    for (;;) {
      this.send({ type: 'login' });
      if ((await this.next('login', timeoutMs, false)).data.ok) return;
    }
  }

  /** Resolves when the server (or this side) has closed the socket, with the close code. */
  whenClosed(): Promise<{ code: number }> {
    return this.closing;
  }

  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }

  close() {
    this.ws.close();
  }
}
