import { randomBytes, randomUUID } from 'node:crypto';
import type { TEraseAccountRequest, TEraseAccountResponse } from '@therapy/contract';
import { DEFAULT_TIME_ZONE } from '@therapy/contract/rules';
import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import {
  appliedPromocodes,
  auditLog,
  authSessions,
  clientProfiles,
  consentRecords,
  employees,
  passPurchases,
  paymentCards,
  paymentEvents,
  slots,
  type TUserRow,
  therapistSuggestions,
  users,
  videoChatMessages,
  videoConnectionReports,
  videoEvents,
  videoRatings,
} from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { TExecutor } from '../../lib/jobs.ts';
import { verifyPassword } from '../../lib/passwords.ts';

import { deleteDataExportsOf } from '../data-export/delete-data-exports-of.ts';
import { cancelPurchase } from '../purchases/cancel-purchase.ts';
import { cancelFutureSessions } from './cancel-future-sessions.ts';
import { releasePartnerSeats } from './release-partner-seats.ts';
import { ERASED_EMAIL_DOMAIN, ERASURE_CANCEL_REASON, SYSTEM_CANCEL_REASONS } from './retention.ts';

/**
 * POST /api/v1/user/erase: the client deletes their account, in one transaction. Future sessions
 * are cancelled by the policy and their therapists told; where they are only the partner in another
 * client's couple session, that session stays and they leave it (release-partner-seats.ts). Then
 * every personal and health datum is deleted or set to nothing, and what must stay (retention.ts)
 * is left pointing at the `users` row, which becomes a pseudonym: an unusable e-mail, no name, no
 * password. The sessions end.
 */
export async function eraseAccount(
  ctx: TAppContext,
  user: TUserRow,
  input: TEraseAccountRequest,
  origin: TAuditOrigin,
  now = new Date(),
): Promise<TEraseAccountResponse> {
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    // 422 on the field, as the password change does: the session is fine, the form is not.
    throw new AppError('validation_failed', 'Пароль указан неверно', { password: 'Пароль указан неверно' });
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    // One erasure at a time, and no booking or purchase of this client slips in between.
    const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
    if (!locked || locked.erasedAt) throw new AppError('conflict', 'Аккаунт уже удалён');
    const sessions = await cancelFutureSessions(tx, locked.id, now);
    // Where they are the partner of someone else's couple booking, the booking stays and their seat goes.
    const partnerSeats = await releasePartnerSeats(tx, locked.id, now);
    // A checkout still open would take money for an account that is gone: closed, as an abandoned one is.
    const pending = await tx
      .select()
      .from(passPurchases)
      .where(and(eq(passPurchases.userId, locked.id), eq(passPurchases.status, 'pending')))
      .for('update');
    for (const purchase of pending) await cancelPurchase(tx, purchase, { now, reason: ERASURE_CANCEL_REASON });
    await scrubPersonalData(tx, locked, now);
    const ended = await tx
      .delete(authSessions)
      .where(eq(authSessions.userId, locked.id))
      .returning({ tokenHash: authSessions.tokenHash });
    // The entry of the erasure itself keeps no address or browser: they are the erased client's.
    await appendAudit(tx, { ...origin, ip: null, userAgent: null }, [
      {
        action: 'account_erased',
        subjectId: locked.id,
        details: {
          cancelled_sessions: sessions.cancelled,
          released_partner_seats: partnerSeats,
          cancelled_purchases: pending.length,
        },
      },
    ]);
    return { sessions, ended };
  });
  // After the commit: every node refuses the ended sessions at once.
  await ctx.sessions.invalidate(outcome.ended.map((row) => row.tokenHash));
  // Files are not transactional: the archives go once the erasure is certain (a build still running finds no row).
  await deleteDataExportsOf(ctx, user.id);
  return {
    erased: true,
    cancelled_sessions: outcome.sessions.cancelled,
    returned_sessions: outcome.sessions.returned,
  };
}

/** Deletes or blanks everything personal of the client, table by table (what stays: retention.ts). */
async function scrubPersonalData(tx: TExecutor, client: TUserRow, now: Date): Promise<void> {
  const id = client.id;
  // The row first: the audit trigger lets an erased account's own entries forget their address.
  await tx
    .update(users)
    .set({
      // Unique (the e-mail index) and unusable: no one can sign in with it or receive mail at it,
      // and the real address is free for a new sign-up.
      email: `erased-${randomUUID()}@${ERASED_EMAIL_DOMAIN}`,
      // Not an argon2 hash: no password verifies against it.
      passwordHash: `erased:${randomBytes(32).toString('base64url')}`,
      firstName: '',
      lastName: '',
      tz: DEFAULT_TIME_ZONE,
      language: null,
      consentVersion: null,
      consentAt: null,
      erasedAt: now,
    })
    .where(eq(users.id, id));

  // What they told about themselves and what it was matched to.
  await tx.delete(clientProfiles).where(eq(clientProfiles.userId, id));
  await tx.delete(therapistSuggestions).where(eq(therapistSuggestions.userId, id));
  await tx.delete(appliedPromocodes).where(eq(appliedPromocodes.userId, id));
  // A saved card's provider token could still charge it.
  await tx.delete(paymentCards).where(eq(paymentCards.userId, id));

  // Their sessions, as the client or the couple's partner: the times stay, the contents go.
  const theirSlots = tx
    .select({ id: slots.id })
    .from(slots)
    .where(or(eq(slots.clientId, id), eq(slots.partnerClientId, id)));
  await tx.delete(videoChatMessages).where(inArray(videoChatMessages.slotId, theirSlots));
  // The call logs and the therapist's notes and analytics of those sessions: health data about an
  // erased person (see README, Privacy: why the therapist's notes go too).
  await tx.delete(videoEvents).where(inArray(videoEvents.slotId, theirSlots));
  await tx.delete(videoConnectionReports).where(inArray(videoConnectionReports.slotId, theirSlots));
  await tx.update(videoRatings).set({ comment: null }).where(inArray(videoRatings.slotId, theirSlots));
  // What they wrote or logged themselves wherever it lies, a couple seat they have just left included
  // (its device check ran before the session; the seat no longer names them).
  await tx.delete(videoChatMessages).where(eq(videoChatMessages.senderId, id));
  await tx.delete(videoEvents).where(eq(videoEvents.userId, id));
  await tx.update(videoRatings).set({ comment: null }).where(eq(videoRatings.userId, id));
  await tx
    .update(slots)
    .set({ cancelReason: null })
    .where(
      and(
        or(eq(slots.clientId, id), eq(slots.partnerClientId, id)),
        isNotNull(slots.cancelReason),
        notInArray(slots.cancelReason, [...SYSTEM_CANCEL_REASONS]),
      ),
    );

  // Payment records stay; what a provider's event carried about the payer does not.
  const theirPurchases = tx.select({ id: passPurchases.id }).from(passPurchases).where(eq(passPurchases.userId, id));
  await tx
    .update(paymentEvents)
    .set({ payload: { erased: true } })
    .where(inArray(paymentEvents.purchaseId, theirPurchases));

  // Consents stay as proof, without where they were given from.
  await tx.update(consentRecords).set({ ip: null, userAgent: null }).where(eq(consentRecords.userId, id));
  // The employer no longer sees this account's usage person by person (its totals still count).
  await tx.update(employees).set({ usageConsentAt: null }).where(eq(employees.userId, id));
  // The client's own audit entries forget the address and browser (the trigger allows just this).
  await tx
    .update(auditLog)
    .set({ ip: null, userAgent: null })
    .where(and(eq(auditLog.actorId, id), or(isNotNull(auditLog.ip), isNotNull(auditLog.userAgent))));

  // Mail already rendered for the queue (to the client, or naming them): pg-boss keeps finished
  // jobs for a while, and a queued one would still go to the erased address.
  const email = client.email.toLowerCase();
  const name = `${client.firstName} ${client.lastName}`.trim();
  await tx.execute(sql`
    delete from pgboss.job
    where name = 'email.send'
      and (position(${email} in lower(data::text)) > 0
        or (${name} <> '' and state in ('completed', 'failed', 'cancelled') and position(${name} in data::text) > 0))`);
}
