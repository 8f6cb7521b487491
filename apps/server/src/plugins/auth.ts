import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../lib/errors.ts';
import { findLiveSession, type TokenSigner } from '../modules/auth/service.ts';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenSigner;
  }
  interface FastifyRequest {
    /** Set by the guard on every /api route that is not public. */
    auth: AuthContext;
  }
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
  }
}

/**
 * One guard for the whole /api scope (STYLE.md): a route is protected unless its config says
 * `public: true`. A token counts only while its session is live, so logout takes effect at once.
 */
export const authPlugin = fp(
  async (app) => {
    const key = new TextEncoder().encode(app.config.jwtSecret);
    const ttlMinutes = app.config.tokenTtlMinutes;
    app.decorate('tokens', {
      ttlMinutes,
      sign: (userId: string, sessionId: string) =>
        new SignJWT({ sid: sessionId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(userId)
          .setIssuedAt()
          .setExpirationTime(`${ttlMinutes}m`)
          .sign(key),
    });
    app.decorateRequest('auth', null as unknown as AuthContext);

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (!request.url.startsWith('/api/') || !request.routeOptions.url || config?.public) return;
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      if (!token) throw unauthorized();
      let payload: { sub?: string; sid?: unknown };
      try {
        ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
      } catch {
        throw unauthorized();
      }
      if (!payload.sub || typeof payload.sid !== 'string') throw unauthorized();
      if (!(await findLiveSession(app.db, payload.sid, payload.sub))) throw unauthorized();
      request.auth = { userId: payload.sub, sessionId: payload.sid };
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
