import { NO_APPROVED_FILING } from '@skill-cert/shared/levelEvaluation';
import type { FastifyInstance } from 'fastify';
import { ackNotice } from '../../lib/errors.ts';
import { hasApprovedRecord } from '../records/service.ts';

/**
 * The code-61 gate of spec §8 (issue 20): until the caller's company holds an approved filing, every evaluation
 * route answers the acknowledge notice instead. Registered once, on the scope of every evaluation route; it runs
 * after the enterprise door has set `request.company`, and before the body is read.
 */
export function approvedFilingGate(scope: FastifyInstance): void {
  scope.addHook('preValidation', async (req) => {
    if (!(await hasApprovedRecord(scope.db, req.company))) throw ackNotice(NO_APPROVED_FILING);
  });
}
