import { request } from '@/shared/http';

/** `POST /api/websocket/bindUser {client_id}`: ties the socket the server named to this session. */
export const bindWebsocket = (clientId: string): Promise<null> =>
  request<null>('POST', '/api/websocket/bindUser', { body: { client_id: clientId }, silent: true });
