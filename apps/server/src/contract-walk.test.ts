import { randomUUID } from 'node:crypto';
import { buildPath, routes, type TRole, type TRouteDef, type TRouteName, ZApiErrorSchema } from '@therapy/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { businessReports, dataExports, type TUserRow } from './db/schema/index.ts';
import { sha256 } from './lib/tokens.ts';
import { publicSessionId } from './modules/auth/active-sessions.ts';
import { createSession } from './modules/auth/sessions.ts';
import { createPurchase } from './seed/commerce-factories.ts';
import {
  createAvailabilityException,
  createBusiness,
  createBusinessAccount,
  createClient,
  createPass,
  createSlot,
  createTherapist,
  uniqueEmail,
} from './seed/factories.ts';
import { buildTestApp, type TTestApp } from './test/app.ts';
import { sessionOf, type TSession } from './test/booking-world.ts';
import { HOSTILE_PARAMS, hostileBodies, hostileQueries, jsonSchemaOf, SAMPLE_EMAIL } from './test/hostile-input.ts';

/**
 * Walks every route of the contract's table and tries it as an attacker would: without a
 * session, in each wrong role, on another owner's object, without the CSRF token, from a foreign
 * site, and with hostile bodies, queries and path parameters generated from the route's own zod
 * schemas. Every refusal must be a 4xx in our error shape that changed nothing in the database;
 * nothing may ever answer 5xx. A route added to the contract is walked the day it is added.
 */

const ROLES: readonly TRole[] = ['client', 'therapist', 'business_account'];
const FOREIGN_ORIGIN = 'https://evil.example';
/** Hostile cases tried per route and part (body, query, path), spread evenly over its fields. */
const SAMPLE = { body: 40, query: 25 };

type TWorld = Awaited<ReturnType<typeof buildWorld>>;
type TParams = Record<string, string>;

/**
 * Routes whose path names an object that belongs to someone: the caller's own object, another
 * user's, and a body that passes validation (so the ownership check, not validation, answers).
 */
const OWNED: Partial<
  Record<
    TRouteName,
    { own: (w: TWorld) => TParams; other: (w: TWorld) => TParams; body?: unknown; query?: Record<string, string> }
  >
> = {
  clientSlot: { own: (w) => ({ id: w.own.slot }), other: (w) => ({ id: w.other.slot }) },
  bookSlot: { own: (w) => ({ id: w.own.slot }), other: (w) => ({ id: w.other.slot }), body: {} },
  slotCancelPolicy: { own: (w) => ({ id: w.own.slot }), other: (w) => ({ id: w.other.slot }) },
  cancelSlot: { own: (w) => ({ id: w.own.slot }), other: (w) => ({ id: w.other.slot }), body: {} },
  rescheduleSlot: {
    own: (w) => ({ id: w.own.slot }),
    other: (w) => ({ id: w.other.slot }),
    body: { starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString() },
  },
  passPurchase: { own: (w) => ({ id: w.own.purchase }), other: (w) => ({ id: w.other.purchase }) },
  deleteScheduleException: { own: (w) => ({ id: w.own.exception }), other: (w) => ({ id: w.other.exception }) },
  therapistVideobox: { own: (w) => ({ id: w.own.client }), other: (w) => ({ id: w.other.client }) },
  therapistUser: { own: (w) => ({ id: w.own.client }), other: (w) => ({ id: w.other.client }) },
  therapistSessionOutcome: {
    own: (w) => ({ id: w.own.slot }),
    other: (w) => ({ id: w.other.slot }),
    body: { outcome: 'completed' },
  },
  businessStatistics: { own: (w) => ({ id: w.own.business }), other: (w) => ({ id: w.other.business }) },
  businessEmployees: { own: (w) => ({ id: w.own.business }), other: (w) => ({ id: w.other.business }) },
  addBusinessEmployees: {
    own: (w) => ({ id: w.own.business }),
    other: (w) => ({ id: w.other.business }),
    body: { email: 'walk-new@example.com' },
  },
  createEmployeesReport: {
    own: (w) => ({ id: w.own.business }),
    other: (w) => ({ id: w.other.business }),
    body: { year: 2026, view: 'months' },
  },
  employeesReport: {
    own: (w) => ({ id: w.own.business, report_id: w.own.report }),
    other: (w) => ({ id: w.other.business, report_id: w.other.report }),
  },
  employeesReportFile: {
    own: (w) => ({ id: w.own.business, report_id: w.own.report }),
    other: (w) => ({ id: w.other.business, report_id: w.other.report }),
    query: { format: 'xlsx' },
  },
  dataExportFile: { own: (w) => ({ id: w.own.dataExport }), other: (w) => ({ id: w.other.dataExport }) },
  // A session of the caller's own client signed in elsewhere, and one of the other side's client.
  endActiveSession: { own: (w) => ({ id: w.own.clientSession }), other: (w) => ({ id: w.other.clientSession }) },
  usersBlacklists: {
    own: (w) => ({ id: w.own.business }),
    other: (w) => ({ id: w.other.business }),
    body: { employee_id: 'x', blocked: true },
  },
};

/** Body and query fields that name an object of one user: its value on the given side. */
const OWNED_FIELDS: Record<string, (side: TWorld['own']) => string> = {
  slot_hashid: (side) => side.liveSlot,
  user_hashid: (side) => side.client,
};

const propertiesOf = (schema: z.ZodType | undefined): Record<string, unknown> =>
  (schema ? (jsonSchemaOf(schema) as { properties?: Record<string, unknown> }).properties : undefined) ?? {};

/** Routes whose path names something every caller of the role may see (a therapist's card, a pass of the catalog). */
const SHARED: Partial<Record<TRouteName, (w: TWorld) => TParams>> = {
  therapistCard: (w) => ({ id: w.own.therapist }),
  freeSlots: (w) => ({ id: w.own.therapist }),
  buyPass: (w) => ({ id: w.pass }),
  // The documents every therapist signs: the same text for all.
  therapistAgreement: () => ({ kind: 'agreement' }),
  therapistAgreementSign: () => ({ kind: 'agreement' }),
  // Public: the secret token in the path is the only key (calendar-feed.test.ts tries real ones).
  calendarFeed: () => ({ file: `${'a'.repeat(43)}.ics` }),
  // The consent texts are the same for every client; each withdraws only their own.
  withdrawConsent: () => ({ kind: 'employer_usage' }),
};

async function buildWorld(t: TTestApp) {
  const { db, hashids } = t.ctx;
  const inThreeDays = new Date(Math.ceil((Date.now() + 3 * 86_400_000) / 3_600_000) * 3_600_000);
  const pass = await createPass(db);
  const side = async () => {
    const client = await createClient(db, { signedUp: true });
    const therapist = await createTherapist(db);
    const slot = await createSlot(db, { therapistId: therapist.id, clientId: client.id, startsAt: inThreeDays });
    // A session going on now: the call routes (slot_hashid in their bodies) act on it.
    const live = await createSlot(db, {
      therapistId: therapist.id,
      clientId: client.id,
      startsAt: new Date(Date.now() - 10 * 60_000),
    });
    const { purchase } = await createPurchase(db, { userId: client.id, passId: pass.id });
    const exception = await createAvailabilityException(db, {
      therapistId: therapist.id,
      onDate: inThreeDays.toISOString().slice(0, 10),
      kind: 'day_off',
    });
    const account = await createBusinessAccount(db);
    const business = await createBusiness(db, { accountUserId: account.id });
    const [report] = await db
      .insert(businessReports)
      .values({ businessId: business.id, year: 2026, view: 'months', expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    if (!report) throw new Error('no report');
    const [dataExport] = await db.insert(dataExports).values({ userId: client.id }).returning();
    if (!dataExport) throw new Error('no data export');
    const clientSession = await createSession(t.ctx, client.id, { userAgent: 'walk' });
    return {
      clientSession: publicSessionId(sha256(clientSession.token)),
      users: { client, therapist, business_account: account } satisfies Record<TRole, TUserRow>,
      business: hashids.encode('business', business.id),
      report: hashids.encode('business_report', report.id),
      dataExport: hashids.encode('data_export', dataExport.id),
      client: hashids.encode('user', client.id),
      therapist: hashids.encode('user', therapist.id),
      slot: hashids.encode('slot', slot.id),
      liveSlot: hashids.encode('slot', live.id),
      purchase: hashids.encode('purchase', purchase.id),
      exception: hashids.encode('availability_exception', exception.id),
    };
  };
  const own = await side();
  const other = await side();
  return { own, other, pass: hashids.encode('pass', pass.id) };
}

let t: TTestApp;
let w: TWorld;
/** Fresh sessions of the caller's side for each test: the logout routes end the ones they are given. */
let sessions: Record<TRole, TSession>;
const tried = { routes: new Set<string>(), cases: 0, refused: 0, accepted: 0, failed: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  w = await buildWorld(t);
}, 60_000);

beforeEach(async () => {
  const { users } = w.own;
  sessions = {
    client: await sessionOf(t, users.client),
    therapist: await sessionOf(t, users.therapist),
    business_account: await sessionOf(t, users.business_account),
  };
});

afterAll(async () => {
  console.log(
    `contract walk: ${tried.routes.size} routes × ${tried.cases} cases in all ` +
      `(${tried.refused} refused with a 4xx, ${tried.accepted} accepted as valid input, ${tried.failed} answered 5xx)`,
  );
  await t?.app.close();
});

// ---- the database, before and after ----

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

/** The next transaction id: it moves only when something wrote (a read-only request assigns none). */
async function nextXid(): Promise<string> {
  const result = await t.ctx.db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`);
  return String(rowsOf(result)[0]?.x);
}

/** A checksum of every row of every table of the app (not the job queue's own schema). */
async function checksum(): Promise<string> {
  const tables = rowsOf(
    await t.ctx.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((row) => String(row.name));
  const parts = tables.map(
    (name) =>
      sql`select ${name} as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${sql.identifier(name)} t`,
  );
  const result = await t.ctx.db.execute(sql.join(parts, sql` union all `));
  return rowsOf(result)
    .map((row) => `${row.name}:${row.sum}`)
    .join(',');
}

/** Tells whether a refused request left the database as it was; a write rolled back counts as nothing. */
function databaseWatch() {
  let known: { xid: string; sum: string } | null = null;
  return {
    async before() {
      const xid = await nextXid();
      if (known?.xid !== xid) known = { xid, sum: await checksum() };
    },
    async unchangedAfterRefusal(): Promise<boolean> {
      if (!known) return false;
      if ((await nextXid()) === known.xid) return true;
      return (await checksum()) === known.sum;
    },
  };
}

// ---- requests ----

const pathOf = (def: TRouteDef, params?: TParams) => (params ? buildPath(def.path, params) : def.path);

function paramsOf(name: TRouteName): TParams | undefined {
  return OWNED[name]?.own(w) ?? SHARED[name]?.(w);
}

const writes = (def: TRouteDef) => def.method !== 'GET';

/** An upload route takes no JSON: it gets an empty multipart body, so the checks before the file is read answer. */
const EMPTY_MULTIPART = { type: 'multipart/form-data; boundary=walk', payload: '--walk--\r\n' };
const takesJson = (def: TRouteDef) => (def.bodyTypes ?? ['json']).includes('json');

function request(def: TRouteDef, url: string, headers: Record<string, string>, payload?: string): InjectOptions {
  const withBody = writes(def) && payload !== undefined;
  // A fresh Idempotency-Key on every write: the purchase routes ask for one, the others ignore it.
  const writeHeaders = writes(def) ? { 'idempotency-key': randomUUID() } : {};
  const body = takesJson(def) ? { type: 'application/json', payload } : EMPTY_MULTIPART;
  return {
    method: def.method,
    url,
    headers: { ...headers, ...writeHeaders, ...(withBody ? { 'content-type': body.type } : {}) },
    ...(withBody ? { payload: body.payload } : {}),
  };
}

function expectOurError(response: LightMyRequestResponse, status: number, what: string) {
  expect(response.statusCode, `${what}: ${response.body.slice(0, 300)}`).toBe(status);
  expect(ZApiErrorSchema.strict().safeParse(response.json()).success, `${what}: ${response.body}`).toBe(true);
}

const roleSession = (role: TRole) => sessions[role];
const firstRole = (def: TRouteDef): TRole | null => (def.roles === 'public' ? null : (def.roles[0] ?? null));

const entries = Object.entries(routes) as [TRouteName, TRouteDef][];

describe('every route of the contract', () => {
  it('names how to reach each object its path points at', () => {
    const unknown = entries
      .filter(([name, def]) => def.path.includes(':') && !OWNED[name] && !SHARED[name])
      .map(([name]) => name);
    expect(
      unknown,
      'add these routes to OWNED (an object of one user) or SHARED (anyone of the role may see it)',
    ).toEqual([]);
  });

  it('notices a write that a refused request would have left behind', async () => {
    const watch = databaseWatch();
    await watch.before();
    expect(await watch.unchangedAfterRefusal()).toBe(true);
    await createClient(t.ctx.db);
    expect(await watch.unchangedAfterRefusal()).toBe(false);
  });

  describe.each(entries)('%s', (name, def) => {
    const baseBody = () =>
      writes(def)
        ? JSON.stringify(OWNED[name]?.body ?? hostileBodies(def.body ?? noBody, hints()).base ?? {})
        : undefined;

    if (def.roles !== 'public') {
      const roles = def.roles;
      it('without a session: 401', async () => {
        const response = await t.app.inject(request(def, pathOf(def, paramsOf(name)), {}, baseBody()));
        expectOurError(response, 401, 'no session');
        tried.routes.add(name);
        tried.cases += 1;
      });

      it.each(ROLES.filter((role) => !roles.includes(role)))('as a %s: 403', async (role) => {
        const response = await t.app.inject(
          request(def, pathOf(def, paramsOf(name)), roleSession(role).headers, baseBody()),
        );
        expectOurError(response, 403, `as ${role}`);
        tried.cases += 1;
      });
    }

    const owned = OWNED[name];
    if (owned) {
      it("on another owner's object: 404", async () => {
        const role = firstRole(def) as TRole;
        const response = await t.app.inject(
          request(
            def,
            `${pathOf(def, owned.other(w))}${owned.query ? `?${new URLSearchParams(owned.query)}` : ''}`,
            roleSession(role).headers,
            baseBody(),
          ),
        );
        expectOurError(response, 404, 'another owner');
        tried.cases += 1;
      });
    }

    const ownedFields = [def.body, def.querystring].flatMap((schema) =>
      Object.keys(propertiesOf(schema)).filter((field) => field in OWNED_FIELDS),
    );
    if (ownedFields.length > 0 && def.roles !== 'public') {
      it(`on another owner's object named by ${ownedFields.join(', ')}: 404`, async () => {
        const role = firstRole(def) as TRole;
        const others = Object.fromEntries(ownedFields.map((field) => [field, OWNED_FIELDS[field]?.(w.other) ?? '']));
        const inBody = Object.fromEntries(Object.entries(others).filter(([field]) => field in propertiesOf(def.body)));
        const base = def.body ? (hostileBodies(def.body, hints()).base as object) : undefined;
        const body = base ? JSON.stringify({ ...base, ...inBody }) : undefined;
        const query = def.querystring ? `?${new URLSearchParams(others as Record<string, string>)}` : '';
        const response = await t.app.inject(
          request(
            def,
            `${pathOf(def, paramsOf(name))}${query}`,
            roleSession(role).headers,
            writes(def) ? (body ?? '{}') : undefined,
          ),
        );
        expectOurError(response, 404, 'another owner (body or query)');
        tried.cases += 1;
      });
    }

    if (writes(def)) {
      if (def.roles !== 'public') {
        it('without the CSRF token: 403', async () => {
          const role = firstRole(def) as TRole;
          const response = await t.app.inject(
            request(def, pathOf(def, paramsOf(name)), { cookie: roleSession(role).cookie }, baseBody()),
          );
          expectOurError(response, 403, 'no CSRF token');
          tried.cases += 1;
        });
      }
      it('from a foreign Origin: 403', async () => {
        const role = firstRole(def);
        const headers = { ...(role ? roleSession(role).headers : {}), origin: FOREIGN_ORIGIN };
        const response = await t.app.inject(request(def, pathOf(def, paramsOf(name)), headers, baseBody()));
        expectOurError(response, 403, 'foreign Origin');
        tried.cases += 1;
      });
    }

    it('hostile bodies, queries and path parameters: a 4xx in our shape that changed nothing, never a 5xx', async () => {
      tried.routes.add(name);
      const role = firstRole(def);
      const headers = role ? roleSession(role).headers : {};
      const params = paramsOf(name);
      const watch = databaseWatch();
      const failures: string[] = [];

      const attempt = async (label: string, options: InjectOptions) => {
        await watch.before();
        // Each case signs up its own address, so a taken e-mail does not stop the hostile field short.
        const payload =
          typeof options.payload === 'string'
            ? options.payload.replaceAll(SAMPLE_EMAIL, uniqueEmail('walk'))
            : undefined;
        const response = await t.app.inject({ ...options, ...(payload === undefined ? {} : { payload }) });
        tried.cases += 1;
        if (response.statusCode >= 500) {
          tried.failed += 1;
          failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
          return;
        }
        if (({} as Record<string, unknown>).polluted !== undefined)
          failures.push(`${label}: Object.prototype polluted`);
        if (response.statusCode < 400) {
          tried.accepted += 1;
          return;
        }
        tried.refused += 1;
        let shaped = false;
        try {
          shaped = ZApiErrorSchema.strict().safeParse(response.json()).success;
        } catch {}
        if (!shaped) failures.push(`${label}: ${response.statusCode} not in our shape: ${response.body.slice(0, 200)}`);
        if (!(await watch.unchangedAfterRefusal()))
          failures.push(`${label}: refused with ${response.statusCode} but the database changed`);
      };

      const query = (q: string) => (q ? `?${q}` : '');
      const url = pathOf(def, params);

      if (writes(def)) {
        const { cases } = hostileBodies(def.body ?? noBody, hints());
        for (const c of spread(cases, SAMPLE.body))
          await attempt(`body ${c.label}`, request(def, url, headers, c.payload));
      }
      for (const q of spread(hostileQueries(def.querystring, hints()), SAMPLE.query)) {
        await attempt(`query ${q.slice(0, 60)}`, request(def, `${url}${query(q)}`, headers, baseBody()));
      }
      for (const param of Object.keys(params ?? {})) {
        for (const value of HOSTILE_PARAMS) {
          const path = def.path.replace(`:${param}`, value);
          const filled = buildPath(path, params ?? {});
          await attempt(`path ${param}=${value.slice(0, 30)}`, request(def, filled, headers, baseBody()));
        }
      }
      expect(failures).toEqual([]);
    }, 60_000);
  });
});

const noBody = z.object({});

/** Values that carry a hostile field past the first lookup: the caller's own objects by their usual field names. */
const hints = () => ({
  slot_hashid: w.own.liveSlot,
  therapist_id: w.own.therapist,
  client_pass_id: 'x',
  user_hashid: w.own.client,
  email: SAMPLE_EMAIL,
  password: 'тихий-вечер-у-реки',
});

/** The core cases, then at most n of the others spread over all of them (every field gets some), in a fixed order. */
function spread<T>(all: T[], n: number): T[] {
  const isCore = (c: T) => typeof c === 'object' && c !== null && 'core' in c && c.core === true;
  const cases = all.filter((c) => !isCore(c));
  const core = all.filter(isCore);
  if (cases.length <= n) return [...core, ...cases];
  const step = cases.length / n;
  return [...core, ...Array.from({ length: n }, (_, i) => cases[Math.floor(i * step)] as T)];
}
