import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors.ts';
import { signJwt, verifyJwt } from '../../lib/jwt.ts';
import { onUserEvents } from '../../lib/user-events.ts';
import { createSessionLookup, type SessionUser, type TokenSigner } from './service.ts';
import { SessionCache } from './session-cache.ts';

export interface AuthContext extends SessionUser {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
    /** Forgets users and sessions on `userChanged` / `sessionRevoked` (lib/user-events.ts). */
    sessionCache: SessionCache;
  }
  interface FastifyRequest {
    /** Set by the guard on every protected route (`isProtected`). */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** A GET that also accepts the web app's token cookie (files shown by <img> or opened by a link). */
    cookieAuth?: boolean;
  }
}

/**
 * One guard for the whole /api scope (STYLE.md): a route is protected unless its config says
 * `public: true`. A token counts only while its session is live, so logout takes effect at once.
 * The scope is the matched route's path, never the raw request target: `GET http://host/api/x` (absolute
 * form) reaches the same route as `GET /api/x` and must meet the same guard.
 */
export const authPlugin = fp(
  async (app) => {
    const secret = app.config.jwtSecret;
    const ttlMinutes = app.config.tokenTtlMinutes;
    app.decorate('tokens', {
      ttlMinutes,
      sign: async (userId: string, sessionId: string) =>
        signJwt({ sub: userId, sid: sessionId }, secret, ttlMinutes * 60),
    });
    app.decorateRequest('auth', null as unknown as AuthContext);
    const lookupSession = createSessionLookup(app.db);
    const cache = new SessionCache(app.database.kind === 'pglite');
    app.decorate('sessionCache', cache);
    // One lookup per session at a time: the requests that miss the cache together (200 connections on one token
    // when its entry expires) share it instead of queueing one query each on the embedded database's connection.
    // A lookup under way when its session or user changes is dropped, so its answer is not cached.
    const lookups = new Map<string, Promise<SessionUser | undefined>>();
    const lookupOnce = (sessionId: string, userId: string) => {
      const under = lookups.get(sessionId);
      if (under) return under;
      const started = lookupSession(sessionId, userId);
      lookups.set(sessionId, started);
      started.then(
        (found) => {
          if (lookups.get(sessionId) !== started) return;
          lookups.delete(sessionId);
          if (found) cache.set(sessionId, found);
        },
        () => {
          if (lookups.get(sessionId) === started) lookups.delete(sessionId);
        },
      );
      return started;
    };
    const unsubscribe = onUserEvents({
      changed: (userId) => {
        cache.forgetUser(userId);
        lookups.clear();
      },
      revoked: (sessionId) => {
        cache.forgetSession(sessionId);
        lookups.delete(sessionId);
      },
    });
    app.addHook('onClose', async () => unsubscribe());

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (!isProtected(request.routeOptions.url, config)) return;
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ')
        ? header.slice(7).trim()
        : config?.cookieAuth && request.method === 'GET'
          ? tokenCookie(request.headers.cookie)
          : undefined;
      if (!token) throw unauthorized();
      const claims = verifyJwt(token, secret);
      if (!claims) throw unauthorized();
      const found = cache.get(claims.sid) ?? (await lookupOnce(claims.sid, claims.sub));
      if (!found) throw unauthorized();
      if (found.user.id !== claims.sub) throw unauthorized();
      request.auth = { userId: claims.sub, sessionId: claims.sid, ...found };
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);

/** Every matched route under /api/ that is not declared public; unmatched requests reach the 404 handler. */
const isProtected = (routeUrl: string | undefined, config: { public?: boolean } | undefined) =>
  Boolean(routeUrl?.startsWith('/api/')) && !config?.public;

/** The web app keeps its token in the `Admin-Token` cookie (spec §9: lifetime from expires_in). */
export const TOKEN_COOKIE = 'Admin-Token';

function tokenCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
