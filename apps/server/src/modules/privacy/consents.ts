import {
  CONSENT_KINDS,
  CONSENT_TEXTS,
  type TAcceptConsentsRequest,
  type TConsent,
  type TConsentKind,
  type TConsentsResponse,
} from '@therapy/contract';
import { desc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { consentRecords, employees, type TUserRow } from '../../db/schema/index.ts';
import type { TAuditOrigin } from '../../lib/audit.ts';
import { recordConsents, SIGN_UP_CONSENTS } from '../../lib/consents.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { summarizeBusinessUsage } from '../business/rebuild-usage.ts';

/** Consents given before consent_records existed carried no version of their own: the first ones. */
const FIRST_VERSION = '2026-11-01';

/**
 * The client's consents: for each text that concerns them (the employer's view only for an invited
 * employee), the current version, what they accepted last and whether they must accept again.
 * The latest record of a kind decides; without one, the sign-up consent of `users.consent_version`
 * (for the sign-up texts) or the employee's `usage_consent_at` (for the employer's view).
 */
export async function listConsents(ctx: Pick<TAppContext, 'db'>, client: TUserRow): Promise<TConsentsResponse> {
  const records = await ctx.db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, client.id))
    .orderBy(desc(consentRecords.at), desc(consentRecords.id));
  const jobs = await ctx.db
    .select({ usageConsentAt: employees.usageConsentAt })
    .from(employees)
    .where(eq(employees.userId, client.id));
  const latest = new Map<string, (typeof records)[number]>();
  for (const record of records) if (!latest.has(record.kind)) latest.set(record.kind, record);

  const acceptedOf = (kind: TConsentKind): TConsent['accepted'] => {
    const record = latest.get(kind);
    if (record) return record.action === 'accepted' ? { version: record.version, at: record.at.toISOString() } : null;
    if (SIGN_UP_CONSENTS.includes(kind) && client.consentVersion && client.consentAt) {
      return { version: client.consentVersion, at: client.consentAt.toISOString() };
    }
    const shared = jobs.find((job) => job.usageConsentAt)?.usageConsentAt;
    if (kind === 'employer_usage' && shared) return { version: FIRST_VERSION, at: shared.toISOString() };
    return null;
  };

  return {
    consents: CONSENT_KINDS.filter((kind) => kind !== 'employer_usage' || jobs.length > 0).map((kind) => {
      const text = CONSENT_TEXTS[kind];
      const accepted = acceptedOf(kind);
      return {
        kind,
        title: text.title,
        text: text.text,
        version: text.version,
        required: text.required,
        accepted,
        needs_acceptance: text.required && accepted?.version !== text.version,
        withdrawal: text.withdrawal,
      };
    }),
  };
}

/** Accepts texts in their current versions; a version the client did not see (the text changed meanwhile) is refused. */
export async function acceptConsents(
  ctx: Pick<TAppContext, 'db'>,
  client: TUserRow,
  body: TAcceptConsentsRequest,
  origin: TAuditOrigin,
): Promise<TConsentsResponse> {
  const offered = new Set((await listConsents(ctx, client)).consents.map((consent) => consent.kind));
  for (const item of body.accept) {
    if (!offered.has(item.kind)) throw new AppError('not_found', 'Такого согласия у вас нет');
    if (item.version !== CONSENT_TEXTS[item.kind].version) {
      throw new AppError('consent_required', 'Текст согласия обновился: прочитайте новую версию и подтвердите её');
    }
  }
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await recordConsents(
      tx,
      client.id,
      origin,
      body.accept.map((item) => ({ kind: item.kind, action: 'accepted' as const, version: item.version })),
      now,
    );
    if (body.accept.some((item) => item.kind === 'employer_usage')) {
      await tx.update(employees).set({ usageConsentAt: now }).where(eq(employees.userId, client.id));
      await resummarizeEmployers(tx, client.id);
    }
  });
  return listConsents(ctx, client);
}

/**
 * Withdraws a consent not needed for the service: from now on it no longer applies (the employer's
 * view hides the client's usage at once). One the service needs cannot be withdrawn here.
 */
export async function withdrawConsent(
  ctx: Pick<TAppContext, 'db'>,
  client: TUserRow,
  kind: TConsentKind,
  origin: TAuditOrigin,
): Promise<TConsentsResponse> {
  const consent = (await listConsents(ctx, client)).consents.find((c) => c.kind === kind);
  if (!consent) throw new AppError('not_found', 'Такого согласия у вас нет');
  if (consent.required) {
    throw new AppError('conflict', 'Без этого согласия сервис не может работать, поэтому его нельзя отозвать отдельно');
  }
  if (!consent.accepted) return listConsents(ctx, client);
  await ctx.db.transaction(async (tx) => {
    await recordConsents(tx, client.id, origin, [{ kind, action: 'withdrawn', version: consent.accepted?.version }]);
    if (kind === 'employer_usage') {
      await tx.update(employees).set({ usageConsentAt: null }).where(eq(employees.userId, client.id));
      await resummarizeEmployers(tx, client.id);
    }
  });
  return listConsents(ctx, client);
}

/** The employers' statistics sum only those who share their usage: a change of that consent sums them again at once. */
async function resummarizeEmployers(tx: TExecutor, clientId: number): Promise<void> {
  const jobs = await tx
    .select({ businessId: employees.businessId })
    .from(employees)
    .where(eq(employees.userId, clientId));
  for (const businessId of new Set(jobs.map((job) => job.businessId))) await summarizeBusinessUsage(tx, businessId);
}
