import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultBlanks } from '../../test/fixtures/custom-certificates.ts';
import { useTestApp } from '../../test/harness.ts';
import type { RegisteredRoute } from '../lib/route-access.ts';
import { makePersonas, type Persona, satisfies, type TenantRows } from './personas.ts';

const ctx = useTestApp();

/** Every route of the app as registered (HEAD routes mirror their GET and are left out). */
const routesOfApp = () => ctx.app.registeredRoutes().filter((r) => r.method !== 'HEAD');
const nameOf = (r: RegisteredRoute) => `${r.method} ${r.url}`;

/** Tenant A's row behind a path id, by the route's path (tenant B is called with it). */
function idOfA(url: string, rows: TenantRows): string {
  const byPrefix: [string, keyof TenantRows][] = [
    ['/api/recordApplications/', 'record'],
    ['/api/platform/recordApplications/', 'record'],
    ['/api/companies/joinRequests/', 'joinRequest'],
    ['/api/companies/members/', 'member'],
    ['/api/customCertificateTemplates/', 'template'],
    ['/api/customCertificateBatchUploadRecords/', 'batch'],
    ['/api/customCertificates/', 'certificate'],
    ['/api/public/certificates/', 'certificate'],
    ['/api/files/', 'file'],
    ['/api/message/', 'message'],
    ['/api/levelEvaluations/', 'plan'],
    ['/api/institution/recordApplications/', 'institutionRecord'],
    ['/api/institution/staff/', 'institutionStaff'],
    ['/api/institution/roles/', 'institutionRole'],
    ['/api/testPlans/', 'testPlan'],
    ['/api/public/admissionTickets/', 'examinee'],
    ['/api/examTasks/', 'examTask'],
    ['/api/examinerQualifications/', 'qualification'],
  ];
  return rows[byPrefix.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 'company'];
}

/** Bodies that pass validation where tenant B is checked, so the refusal comes from the tenant check itself. */
function validBodies(rows: TenantRows): Record<string, unknown> {
  return {
    'POST /api/companies/joinRequests/:id/reject': { reason: '材料不全' },
    'POST /api/companies/members/:userId/makeAdmin': { verify_code: '123456' },
    'PATCH /api/customCertificateTemplates/:id': {
      template_name: '乙公司改名',
      background_file_id: rows.file,
      blanks: defaultBlanks(),
    },
    'PATCH /api/customCertificates/:id/reCreate': { blanks: [{ name: '姓名', val: '张三' }] },
    'POST /api/levelEvaluations/:id/review': { action: 'approve' },
    'PUT /api/institution/staff/:userId/roles': { role_ids: [] },
    'PATCH /api/institution/roles/:id': { name: '乙机构改名', remark: null },
    'PUT /api/institution/roles/:id/menus': { menu_ids: [] },
    'POST /api/testPlans/:id/cancel': { reason: '乙机构取消' },
    'POST /api/testPlans/:id/examinees/review': { examinee_ids: [rows.examinee], action: 'approve' },
    'POST /api/testPlans/:id/seating': { mode: 1 },
    'POST /api/testPlans/:id/reviewResults': { action: 'approve' },
    'POST /api/levelEvaluations/:id/examTasks': { person_id: rows.member, method: 1 },
    'POST /api/testPlans/:id/examTasks': { person_id: rows.member, method: 1 },
    'POST /api/levelEvaluations/:id/examTasks/:taskId/return': { reason: '乙企业退回' },
    'POST /api/testPlans/:id/examTasks/:taskId/return': { reason: '乙机构退回' },
    'PATCH /api/examinerQualifications/:id': {
      occupation_code: '6-31-01-03',
      level_low: 5,
      level_high: 3,
      certificate_no: 'B001',
      valid_until: '2030-01-01',
    },
    'POST /api/testPlans/:id/sessions': {
      method: 1,
      start_time: '2026-12-01 09:00',
      end_time: '2026-12-01 10:00',
    },
    'POST /api/levelEvaluations/:id/sessions': {
      method: 1,
      start_time: '2026-12-01 09:00',
      end_time: '2026-12-01 10:00',
    },
    'POST /api/levelEvaluations/:id/seating': { mode: 1 },
  };
}

/** The logout route ends the caller's session: it is called last. */
const endsSession = (r: RegisteredRoute) => r.method === 'DELETE' && r.url === '/api/logout';

describe('authorization matrix', () => {
  it('every route declares who may call it (public, signed in, role type, permission, company)', () => {
    const routes = routesOfApp();
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((r) => r.access === null).map(nameOf)).toEqual([]);
  });

  it("answers each caller as the route declares: no token 401, refused 403, allowed neither; B never gets A's rows", async () => {
    const { personas, rowsOfA } = await makePersonas(ctx);
    const bodies = validBodies(rowsOfA);
    const idsOfA = Object.values(rowsOfA);
    const routes = routesOfApp().sort((a, b) => Number(endsSession(a)) - Number(endsSession(b)));
    const failures: string[] = [];
    let calls = 0;

    const call = async (route: RegisteredRoute, persona: Persona) => {
      const url = route.url
        .replace(/:(\w+)/g, (_, name: string) =>
          persona.tenantB ? idOfA(route.url, rowsOfA) : name === 'token' ? 'x'.repeat(32) : randomUUID(),
        )
        .replace('*', 'matrix');
      const withBody = !['GET', 'DELETE'].includes(route.method);
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        ...(withBody ? { payload: (bodies[nameOf(route)] ?? {}) as object } : {}),
        headers: persona.token ? { authorization: `Bearer ${persona.token}` } : {},
      });
      calls++;
      return { status: res.statusCode, text: res.body };
    };

    for (const route of routes) {
      const access = route.access;
      if (!access) continue;
      for (const persona of personas) {
        const { status, text } = await call(route, persona);
        const fail = (why: string) => failures.push(`${nameOf(route)} · ${persona.name}: ${status} ${why}`);
        // Tenant B with A's ids passes the route's access but must be refused A's row (403 or 404).
        const intoA = persona.tenantB && route.url.includes(':') && !access.public;
        if (status >= 500) fail('(server error)');
        if (access.public) {
          if (status === 401) fail('(a public route asked for a token)');
        } else if (!persona.token) {
          if (status !== 401) fail('(expected 401 without a token)');
        } else if (intoA) {
          const unchecked = status === 400 && Boolean(route.schema.body) && !bodies[nameOf(route)];
          if (!(status === 403 || status === 404 || unchecked))
            fail("(expected A's row to be refused: 403 or 404)");
        } else if (satisfies(access, persona)) {
          if (status === 401 || status === 403) fail('(expected to be let in)');
        } else if (!(status === 403 || (access.refusedAs404 && status === 404))) {
          fail(`(expected 403${access.refusedAs404 ? ' or 404' : ''})`);
        }
        if (persona.tenantB) {
          const leaked = idsOfA.filter((id) => text.includes(id));
          if (leaked.length) fail(`(answered tenant A's ids ${leaked.join(', ')})`);
        }
      }
    }
    console.info(
      `authorization matrix: ${routes.length} routes × ${personas.length} callers = ${calls} calls`,
    );
    expect(failures).toEqual([]);
  }, 180_000);
});
