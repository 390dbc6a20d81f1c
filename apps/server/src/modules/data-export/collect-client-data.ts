import { AUDIT_ACTIONS, type TAuditAction } from '@therapy/contract';
import taxonomies from '@therapy/contract/taxonomies.json' with { type: 'json' };
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TAppContext } from '../../context.ts';
import {
  appliedPromocodes,
  auditLog,
  authSessions,
  businesses,
  businessUsageMonths,
  clientPasses,
  clientProfiles,
  consentRecords,
  employees,
  passes,
  passPurchases,
  paymentCards,
  promocodes,
  slots,
  therapistSuggestions,
  users,
  videoCallMetrics,
  videoChatMessages,
  videoEvents,
  videoParticipants,
  videoRatings,
} from '../../db/schema/index.ts';

type TDbCtx = Pick<TAppContext, 'db' | 'hashids'>;

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : null);
const name = (person: { firstName: string | null; lastName: string | null } | null) =>
  person ? `${person.firstName ?? ''} ${person.lastName ?? ''}`.trim() : '';

const TOPIC_LABELS = new Map(
  [
    ...taxonomies.single_topics,
    ...taxonomies.couple_topics,
    ...taxonomies.therapy_methods,
    ...taxonomies.languages,
  ].map((o) => [o.code, o.label]),
);
const label = (code: string) => TOPIC_LABELS.get(code) ?? code;

/**
 * Everything the service holds about one client, read from every table that names them
 * (db/schema: users, client_profiles, therapist_suggestions, slots as client or partner,
 * video_participants, video_chat_messages, video_ratings, video_call_metrics, video_events of
 * their own device, client_passes, pass_purchases, payment_cards, applied_promocodes, employees
 * and business_usage_months, consent_records, auth_sessions, audit_log about them or by them).
 *
 * Left out on purpose:
 * - The therapist's working notes: the post-session form (`video_connection_reports`) and the
 *   therapist's notes and analytics (`video_events` of source `therapist_analytics`). They are the
 *   therapist's own working material about the therapy (what US law calls psychotherapy notes and
 *   excludes from a patient's right of access), sealed so only their therapist opens them; handing
 *   them out automatically could harm the therapy and would disclose the therapist's own judgement.
 *   A client who wants them asks support, and the therapist's answer is given by a person.
 * - Other people's data: a couple partner's chat messages and details, the therapist's private
 *   data beyond the name the client already sees, the actor's address in entries made by others.
 * - Secrets and internals: the password hash, session and CSRF tokens, card tokens, idempotency
 *   keys, provider payloads (`payment_events`, `sandbox_checkouts` are the payment provider's side).
 *
 * `onProgress` is called after each part with a share 0–1, for the page's progress bar.
 */
export async function collectClientData(
  ctx: TDbCtx,
  userId: number,
  onProgress: (share: number) => Promise<void> = async () => {},
  now = new Date(),
) {
  const TOTAL = 15;
  let done = 0;
  // Each part is read after the previous one (object literals evaluate in order), then progress moves.
  const step = async <T>(read: () => Promise<T>): Promise<T> => {
    const value = await read();
    await onProgress(++done / TOTAL);
    return value;
  };
  return {
    format: 'therapy-platform/data-export',
    version: 1,
    generated_at: now.toISOString(),
    not_included: NOT_INCLUDED,
    profile: await step(() => profileOf(ctx, userId)),
    questionnaire: await step(() => questionnaireOf(ctx, userId)),
    suggested_therapists: await step(() => suggestionsOf(ctx, userId)),
    sessions: await step(() => sessionsOf(ctx, userId)),
    chat_messages: await step(() => chatOf(ctx, userId)),
    ratings: await step(() => ratingsOf(ctx, userId)),
    call_quality: await step(() => callQualityOf(ctx, userId)),
    passes: await step(() => passesOf(ctx, userId)),
    payments: await step(() => paymentsOf(ctx, userId)),
    saved_cards: await step(() => cardsOf(ctx, userId)),
    promocodes: await step(() => promocodesOf(ctx, userId)),
    employer: await step(() => employerOf(ctx, userId)),
    consents: await step(() => consentsOf(ctx, userId)),
    sign_in_sessions: await step(() => signInSessionsOf(ctx, userId)),
    audit_trail: await step(() => auditOf(ctx, userId)),
  };
}

export const NOT_INCLUDED =
  'Рабочие записи психолога (форма после сессии, заметки) — это рабочие материалы психолога, они не выдаются автоматически; запросить их можно через поддержку. Также не выдаются данные других людей и секреты (хэш пароля, токены).';

export type TClientData = Awaited<ReturnType<typeof collectClientData>>;

async function profileOf({ db, hashids }: TDbCtx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`data export: no user ${userId}`);
  return {
    id: hashids.encode('user', user.id),
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    time_zone: user.tz,
    currency: user.currency,
    language: user.language,
    signed_up: user.signedUp,
    consent_version: user.consentVersion,
    consent_at: iso(user.consentAt),
    created_at: iso(user.createdAt),
  };
}

async function questionnaireOf({ db }: TDbCtx, userId: number) {
  const [profile] = await db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId));
  if (!profile) return null;
  const p = profile.preferences;
  return {
    therapy_type: profile.therapyType,
    age: profile.age,
    topics: profile.topicCodes.map((code) => ({ code, label: label(code) })),
    preferences: {
      therapist_sex: p.therapist_sex ?? null,
      therapist_age: p.therapist_age ?? null,
      languages: (p.language_ids ?? []).map((code) => ({ code, label: label(code) })),
      price_tiers: p.price_tiers ?? [],
      methods: (p.method_codes ?? []).map((code) => ({ code, label: label(code) })),
    },
    step: profile.step,
    updated_at: iso(profile.updatedAt),
  };
}

async function suggestionsOf({ db, hashids }: TDbCtx, userId: number) {
  const rows = await db
    .select({ s: therapistSuggestions, firstName: users.firstName, lastName: users.lastName })
    .from(therapistSuggestions)
    .innerJoin(users, eq(users.id, therapistSuggestions.therapistId))
    .where(eq(therapistSuggestions.userId, userId))
    .orderBy(asc(therapistSuggestions.rank));
  return rows.map(({ s, ...therapist }) => ({
    therapist: { id: hashids.encode('user', s.therapistId), name: name(therapist) },
    rank: s.rank,
    reasons: s.reasons,
    created_at: iso(s.createdAt),
  }));
}

/** The client's sessions, as the client or as the partner of a couple session. */
async function sessionsOf({ db, hashids }: TDbCtx, userId: number) {
  const therapist = alias(users, 'therapist');
  const rows = await db
    .select({ slot: slots, firstName: therapist.firstName, lastName: therapist.lastName })
    .from(slots)
    .innerJoin(therapist, eq(therapist.id, slots.therapistId))
    .where(or(eq(slots.clientId, userId), eq(slots.partnerClientId, userId)))
    .orderBy(asc(slots.startsAt));
  const slotIds = rows.map((r) => r.slot.id);
  const joined = slotIds.length
    ? await db
        .select()
        .from(videoParticipants)
        .where(and(eq(videoParticipants.userId, userId), inArray(videoParticipants.slotId, slotIds)))
    : [];
  const joinOf = new Map(joined.map((j) => [j.slotId, j]));
  return rows.map(({ slot, ...t }) => {
    const join = joinOf.get(slot.id);
    return {
      id: hashids.encode('slot', slot.id),
      starts_at: iso(slot.startsAt),
      duration_min: slot.durationMin,
      therapy_type: slot.therapyType,
      as: slot.clientId === userId ? 'client' : 'partner',
      therapist: { id: hashids.encode('user', slot.therapistId), name: name(t) },
      status: slot.status,
      cancelled_at: iso(slot.cancelledAt),
      cancel_reason: slot.cancelReason,
      created_at: iso(slot.createdAt),
      call: join
        ? {
            device_check_passed: join.deviceDetectionSuccess,
            device_checked_at: iso(join.deviceCheckedAt),
            first_joined_at: iso(join.firstJoinedAt),
            last_joined_at: iso(join.lastJoinedAt),
          }
        : null,
    };
  });
}

/** The session chats: the client's own messages and their therapist's (a couple partner's are the partner's). */
async function chatOf({ db, hashids }: TDbCtx, userId: number) {
  const rows = await db
    .select({ message: videoChatMessages, therapistId: slots.therapistId })
    .from(videoChatMessages)
    .innerJoin(slots, eq(slots.id, videoChatMessages.slotId))
    .where(
      and(
        or(eq(slots.clientId, userId), eq(slots.partnerClientId, userId)),
        or(eq(videoChatMessages.senderId, userId), eq(videoChatMessages.senderId, slots.therapistId)),
      ),
    )
    .orderBy(asc(videoChatMessages.slotId), asc(videoChatMessages.id));
  return rows.map(({ message }) => ({
    session_id: hashids.encode('slot', message.slotId),
    from: message.senderId === userId ? 'me' : 'therapist',
    text: message.text,
    sent_at: iso(message.sentAt),
  }));
}

async function ratingsOf({ db, hashids }: TDbCtx, userId: number) {
  const rows = await db
    .select()
    .from(videoRatings)
    .where(eq(videoRatings.userId, userId))
    .orderBy(asc(videoRatings.id));
  return rows.map((r) => ({
    session_id: hashids.encode('slot', r.slotId),
    rating: r.rating,
    comment: r.comment,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  }));
}

/** Call quality measured by the client's browser, and the logs of their own device (never the therapist's notes). */
async function callQualityOf({ db, hashids }: TDbCtx, userId: number) {
  const metrics = await db
    .select()
    .from(videoCallMetrics)
    .where(eq(videoCallMetrics.userId, userId))
    .orderBy(asc(videoCallMetrics.id));
  const logs = await db
    .select()
    .from(videoEvents)
    .where(and(eq(videoEvents.userId, userId), eq(videoEvents.source, 'client_log')))
    .orderBy(asc(videoEvents.id));
  return {
    metrics: metrics.map((m) => ({
      session_id: hashids.encode('slot', m.slotId),
      rtt_ms: m.rttMs,
      packet_loss_pct: m.packetLossPct,
      jitter_ms: m.jitterMs,
      bitrate_in_kbps: m.bitrateInKbps,
      bitrate_out_kbps: m.bitrateOutKbps,
      frame_width: m.frameWidth,
      frame_height: m.frameHeight,
      frames_per_second: m.framesPerSecond,
      duration_sec: m.durationSec,
      relayed: m.relayed,
      updated_at: iso(m.updatedAt),
    })),
    device_logs: logs.map((e) => ({
      session_id: hashids.encode('slot', e.slotId),
      type: e.type,
      level: e.level,
      message: e.message,
      data: e.data,
      occurred_at: iso(e.occurredAt),
    })),
  };
}

async function passesOf({ db, hashids }: TDbCtx, userId: number) {
  const rows = await db
    .select({ owned: clientPasses, pass: passes })
    .from(clientPasses)
    .innerJoin(passes, eq(passes.id, clientPasses.passId))
    .where(eq(clientPasses.userId, userId))
    .orderBy(asc(clientPasses.id));
  return rows.map(({ owned, pass }) => ({
    id: hashids.encode('client_pass', owned.id),
    therapy_type: pass.therapyType,
    tier: pass.tier,
    status: owned.status,
    sessions_total: owned.sessionsTotal,
    sessions_left: owned.sessionsLeft,
    activated_at: iso(owned.activatedAt),
    expires_at: iso(owned.expiresAt),
    created_at: iso(owned.createdAt),
  }));
}

async function paymentsOf({ db, hashids }: TDbCtx, userId: number) {
  const rows = await db
    .select({ purchase: passPurchases, code: promocodes.code })
    .from(passPurchases)
    .leftJoin(promocodes, eq(promocodes.id, passPurchases.promocodeId))
    .where(eq(passPurchases.userId, userId))
    .orderBy(asc(passPurchases.id));
  return rows.map(({ purchase: p, code }) => ({
    id: hashids.encode('purchase', p.id),
    pass_id: hashids.encode('client_pass', p.clientPassId),
    status: p.status,
    currency: p.currency,
    /** Minor units (kopecks, cents). */
    amount: p.amount,
    amount_paid: p.amountPaid,
    promocode: code,
    provider: p.provider,
    payment_method: p.paymentMethodKey,
    failure_reason: p.failureReason,
    created_at: iso(p.createdAt),
    completed_at: iso(p.completedAt),
    cancelled_at: iso(p.cancelledAt),
    refunded_at: iso(p.refundedAt),
  }));
}

async function cardsOf({ db }: TDbCtx, userId: number) {
  const rows = await db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(asc(paymentCards.id));
  return rows.map((c) => ({
    provider: c.provider,
    brand: c.brand,
    last_digits: c.cardLast,
    created_at: iso(c.createdAt),
    deleted_at: iso(c.deletedAt),
  }));
}

/** The promo code applied and not yet used; the ones used are named in `payments`. */
async function promocodesOf({ db }: TDbCtx, userId: number) {
  const applied = await db
    .select({ code: promocodes.code, description: promocodes.description, appliedAt: appliedPromocodes.appliedAt })
    .from(appliedPromocodes)
    .innerJoin(promocodes, eq(promocodes.id, appliedPromocodes.promocodeId))
    .where(eq(appliedPromocodes.userId, userId));
  const used = await db
    .selectDistinct({ code: promocodes.code, description: promocodes.description })
    .from(passPurchases)
    .innerJoin(promocodes, eq(promocodes.id, passPurchases.promocodeId))
    .where(and(eq(passPurchases.userId, userId), eq(passPurchases.status, 'completed')));
  return {
    applied: applied.map((a) => ({ code: a.code, description: a.description, applied_at: iso(a.appliedAt) })),
    used: used.map((u) => ({ code: u.code, description: u.description })),
  };
}

/** Employers that invited the client, what they hold about them and the usage they may see. */
async function employerOf({ db }: TDbCtx, userId: number) {
  const rows = await db
    .select({ employee: employees, business: businesses.name })
    .from(employees)
    .innerJoin(businesses, eq(businesses.id, employees.businessId))
    .where(eq(employees.userId, userId))
    .orderBy(asc(employees.id));
  const ids = rows.map((r) => r.employee.id);
  const usage = ids.length
    ? await db
        .select()
        .from(businessUsageMonths)
        .where(inArray(businessUsageMonths.employeeId, ids))
        .orderBy(asc(businessUsageMonths.year), asc(businessUsageMonths.month))
    : [];
  return rows.map(({ employee: e, business }) => ({
    business,
    email: e.email,
    first_name: e.firstName,
    last_name: e.lastName,
    joined_on: e.joinedOn,
    left_on: e.leftOn,
    invited_at: iso(e.invitedAt),
    usage_shared_since: iso(e.usageConsentAt),
    promocodes_blocked: e.promocodesBlocked,
    usage_by_month: usage
      .filter((u) => u.employeeId === e.id)
      .map((u) => ({
        year: u.year,
        month: u.month,
        sessions_booked: u.sessionsBooked,
        sessions_done: u.sessionsDone,
        sessions_cancelled: u.sessionsCancelled,
        spent_minor: u.spentMinor,
      })),
  }));
}

async function consentsOf({ db }: TDbCtx, userId: number) {
  const rows = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.at), asc(consentRecords.id));
  return rows.map((r) => ({
    kind: r.kind,
    version: r.version,
    action: r.action,
    at: iso(r.at),
    ip: r.ip,
    user_agent: r.userAgent,
  }));
}

/** Live sign-ins (only their device and address; the cookie's hash and CSRF token are secrets). */
async function signInSessionsOf({ db }: TDbCtx, userId: number) {
  const rows = await db
    .select()
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(asc(authSessions.createdAt));
  return rows.map((s) => ({
    created_at: iso(s.createdAt),
    last_seen_at: iso(s.lastSeenAt),
    expires_at: iso(s.expiresAt),
    user_agent: s.userAgent,
    ip: s.ip,
  }));
}

/**
 * The audit entries about the client or made by them. Who acted is named as on «Кто видел мои
 * данные» (their role, and a therapist's name); another person's address and browser are theirs, not the client's.
 */
async function auditOf({ db }: TDbCtx, userId: number) {
  const rows = await db
    .select({ entry: auditLog, firstName: users.firstName, lastName: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(or(eq(auditLog.subjectId, userId), eq(auditLog.actorId, userId)))
    .orderBy(asc(auditLog.at), asc(auditLog.id));
  return rows.map(({ entry: e, ...actor }) => {
    const mine = e.actorId === userId;
    const known = e.action in AUDIT_ACTIONS ? AUDIT_ACTIONS[e.action as TAuditAction].label : e.action;
    return {
      at: iso(e.at),
      action: e.action,
      label: known,
      kind: e.kind,
      actor: mine ? 'me' : e.actorRole,
      actor_name: mine ? null : e.actorRole === 'therapist' ? name(actor) : null,
      about_me: e.subjectId === userId,
      ip: mine ? e.ip : null,
      user_agent: mine ? e.userAgent : null,
    };
  });
}
