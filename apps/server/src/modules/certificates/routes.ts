import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { libraryRoutes } from './library-routes.ts';
import { publicRoutes } from './public-routes.ts';
import { reissueRoutes } from './reissue-routes.ts';

/**
 * The certificate library (证书库), behind the enterprise door's member side (app.ts):
 * `req.company` is the caller's company.
 */
export const certificateMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(libraryRoutes);
  await app.register(reissueRoutes);
};

/** Public verification (no login). */
export const certificatePublicRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicRoutes);
};
