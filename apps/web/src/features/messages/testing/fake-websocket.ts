import type { ClientFrame, ServerFrame } from '@skill-cert/shared/messages';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** A WebSocket for jsdom tests: records what the app sends; the test plays the server. */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: ClientFrame[] = [];
  closedByClient = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.sockets.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.sockets.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data) as ClientFrame);
  }

  close(code = 1000): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code } as CloseEvent);
  }

  /** Server side: open the socket and send the init frame. */
  accept(clientId = 'client-1'): void {
    act(() => {
      this.readyState = FakeWebSocket.OPEN;
      this.onopen?.(new Event('open'));
    });
    this.receive({ type: 'init', client_id: clientId });
  }

  receive(frame: ServerFrame): void {
    act(() => {
      this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
    });
  }

  /** Server side: the connection is lost (or closed with a code). */
  drop(code = 1006): void {
    act(() => {
      this.readyState = FakeWebSocket.CLOSED;
      this.onclose?.({ code } as CloseEvent);
    });
  }

  sentTypes(): string[] {
    return this.sent.map((f) => f.type);
  }
}

/** Puts FakeWebSocket in place of window.WebSocket for this test. */
export function installFakeWebSocket(): typeof FakeWebSocket {
  FakeWebSocket.sockets = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}
