import { routes, type TAuditAction, type TRouteName } from '@therapy/contract';
import { and, eq, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { buildTestApp, signIn, type TTestApp } from '../../test/app.ts';
import { createBusinessWorld } from '../../test/business-world.ts';
import { businessJobHandlers } from '../business/job-handlers.ts';
import { videoWorld } from '../video/testing.ts';

/**
 * Every GET route a therapist or a business account can call, and what its answer holds of a client:
 * either it is audited with an action (each call appends one entry per client whose data it showed),
 * or it shows nothing of any one client's record, said why. A new read route of those roles fails the
 * first test until it is listed here; an audited one fails the second unless it appends its entry.
 */
const READS: Partial<Record<TRouteName, { audited: TAuditAction } | { exempt: string }>> = {
  therapistUser: { audited: 'client_page' },
  therapistVideobox: { audited: 'client_call' },
  userConnectedTypes: { audited: 'client_session_form' },
  businessEmployees: { audited: 'business_employees' },
  employeesReportFile: { audited: 'business_report' },
  therapistUsers: { exempt: 'the list of the therapist’s own clients (names, counts): the client page is the read' },
  therapistUsersV2: { exempt: 'the same list as therapistUsers' },
  therapistUpcomingSessions: { exempt: 'the therapist’s own diary: times and names, no answers or notes' },
  therapistSchedule: { exempt: 'the therapist’s own working hours and exceptions' },
  therapistCalendarFeed: { exempt: 'the address of the therapist’s own calendar feed' },
  therapistMetrics: { exempt: 'the therapist’s own figures, aggregated over all their clients' },
  therapistCurrent: { exempt: 'the therapist’s own profile' },
  therapistGenom: { exempt: 'the therapist’s own settings' },
  therapistGenomAlert: { exempt: 'the therapist’s own settings' },
  therapistEducation: { exempt: 'the therapist’s own education' },
  therapistAgreement: { exempt: 'the therapist’s own agreement' },
  currentBusinessAccount: { exempt: 'the account itself' },
  businesses: { exempt: 'the account’s businesses, no employee' },
  businessStatistics: { exempt: 'aggregates over ≥ 5 employees; smaller groups are hidden (business.test.ts)' },
  employeesReport: { exempt: 'a report’s build status and links; the file is the read' },
  activeSessions: { exempt: 'the user’s own sign-ins' },
};

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.app.close());

/** The entries appended about a client since an id. */
const entriesSince = (subjectId: number, afterId: number) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.subjectId, subjectId), gt(auditLog.id, afterId)));

async function lastAuditId(): Promise<number> {
  const [row] = await t.ctx.db.select({ id: max(auditLog.id) }).from(auditLog);
  return row?.id ?? 0;
}

describe('audit of reads of a client’s data', () => {
  it('lists every GET route of a therapist or a business account as audited or exempt', () => {
    const reads = Object.entries(routes)
      .filter(([, def]) => def.method === 'GET' && def.roles !== 'public')
      .filter(([, def]) => (def.roles as readonly string[]).some((role) => role !== 'client'))
      .map(([name]) => name)
      .sort();
    expect(reads).toEqual(Object.keys(READS).sort());
  });

  it('appends an entry about the client for every audited therapist read', async () => {
    const w = await videoWorld(t, { startsInMs: 2 * 60_000 });
    const saved = await t.app.inject({
      method: 'POST',
      url: routes.saveUserConnectedTypes.path,
      headers: w.therapistSession.headers,
      payload: { slot_hashid: w.slotHashid, types: ['audio_only'], comment: 'Плохо слышно' },
    });
    expect(saved.statusCode).toBe(200);
    const urls: Partial<Record<TRouteName, string>> = {
      therapistUser: `/api/v1/therapist/users/${w.clientUid}`,
      therapistVideobox: `/api/v1/therapist/users/${w.clientUid}/videobox`,
      userConnectedTypes: `${routes.userConnectedTypes.path}?slot_hashid=${w.slotHashid}`,
    };
    for (const [name, url] of Object.entries(urls)) {
      const rule = READS[name as TRouteName];
      if (!rule || !('audited' in rule)) throw new Error(`${name} is not audited`);
      const before = await lastAuditId();
      const response = await t.app.inject({ url, headers: { cookie: w.therapistSession.cookie } });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      const entries = await entriesSince(w.client.id, before);
      expect(
        entries.map((e) => [e.action, e.actorId, e.actorRole]),
        name,
      ).toEqual([[rule.audited, w.therapist.id, 'therapist']]);
    }
    // The call box asks again every minute for a fresh token: the same session is recorded once.
    const before = await lastAuditId();
    const again = await t.app.inject({
      url: urls.therapistVideobox ?? '',
      headers: { cookie: w.therapistSession.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(await entriesSince(w.client.id, before)).toEqual([]);
  });

  it('appends an entry about each employee whose usage a business read showed', async () => {
    const world = await createBusinessWorld(t);
    const session = await signIn(t.app, world.accountA.email);
    const base = `/api/v1/business_accounts/businesses/${world.businessA.id}`;
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/employees/reports`,
      headers: session.headers,
      payload: { year: 2025, view: 'months' },
    });
    expect(created.statusCode).toBe(200);
    await runDueJobs(businessJobHandlers(t.ctx));
    const urls: Partial<Record<TRouteName, string>> = {
      businessEmployees: `${base}/employees?year=2025`,
      employeesReportFile: `${base}/employees/reports/${created.json().id}/file?format=csv`,
    };
    const sharing = world.sharing.map((s) => s.client.id);
    for (const [name, url] of Object.entries(urls)) {
      const rule = READS[name as TRouteName];
      if (!rule || !('audited' in rule)) throw new Error(`${name} is not audited`);
      const before = await lastAuditId();
      const response = await t.app.inject({ url, headers: { cookie: session.cookie } });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      for (const clientId of sharing) {
        expect(
          (await entriesSince(clientId, before)).map((e) => e.action),
          name,
        ).toEqual([rule.audited]);
      }
      // The employee who keeps their usage private had nothing read.
      expect(await entriesSince(world.privateEmployee.client.id, before), name).toEqual([]);
    }
  });
});
