import { NO_APPROVED_FILING } from '@skill-cert/shared/level-evaluations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ackNotice } from '../../lib/errors.ts';
import { hasApprovedRecord } from './service.ts';

/**
 * Companies known to hold an approved filing, per database. An approved filing is never edited, withdrawn or
 * deleted, so the answer once yes stays yes on every instance and the gate asks each company once per process.
 */
const approvedCompanies = new WeakMap<Db, Set<string>>();

/**
 * The code-61 gate of spec §8: until the caller's company holds an approved filing, every route of what a filing
 * allows (an enterprise's evaluations, grants, offline certificates, archives; an institution's test plans) answers
 * the acknowledge notice `notice` instead. Registered once on each such scope, before its routes; it runs after the
 * door (enterprise or institution) has set `request.company` and after the route's own permission key, before the
 * body is read: who may not use the route hears 403, not the notice.
 */
export function approvedFilingGate(scope: FastifyInstance, notice: string = NO_APPROVED_FILING): void {
  const db = scope.db;
  const approved = approvedCompanies.get(db) ?? new Set<string>();
  approvedCompanies.set(db, approved);
  const gate = async (req: FastifyRequest) => {
    if (approved.has(req.company.id)) return;
    if (!(await hasApprovedRecord(db, req.company))) throw ackNotice(notice);
    approved.add(req.company.id);
  };
  scope.addHook('onRoute', (route) => {
    route.preValidation = [...[route.preValidation ?? []].flat(), gate];
  });
}
