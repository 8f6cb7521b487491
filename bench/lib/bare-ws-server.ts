import { createServer } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * The baseline: a bare `ws` server doing the same fan-out. Sockets connect with `?id=N`; `POST /push?id=N`
 * sends one frame to socket N, `POST /all` sends it to every socket. Prints its port on stdout.
 */
const sockets = new Map<string, WebSocket>();
const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    if (url.pathname === '/push') sockets.get(url.searchParams.get('id') ?? '')?.send(body);
    else if (url.pathname === '/all') for (const s of sockets.values()) s.send(body);
    res.end(url.pathname === '/count' ? String(sockets.size) : 'ok');
  });
});
http.on('error', () => {});
const wss = new WebSocketServer({ server: http });
wss.on('connection', (socket, req) => {
  const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '';
  sockets.set(id, socket);
  socket.on('close', () => sockets.delete(id));
  socket.on('error', () => {});
});
http.listen(0, '127.0.0.1', () => {
  const address = http.address();
  console.log(typeof address === 'object' && address ? address.port : 0);
});
