import type { TTherapistClientDetail } from '@therapy/contract';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { clientProfiles, slots, type TUserRow, videoConnectionReports } from '../../db/schema/index.ts';
import { appendAudit, type TAuditOrigin } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { notesKeyring } from '../../lib/notes-crypto.ts';
import { optionsOf } from '../../lib/taxonomies.ts';
import { zoneOrDefault } from '../../lib/time.ts';
import { openForm } from '../video/sealed-notes.ts';
import { loadTherapistClients } from './list-clients.ts';
import { presentTherapistSession } from './present-session.ts';
import { endOf } from './session-outcome.ts';

/** How many past sessions the client page lists (a year of weekly sessions and more). */
const PAST_LIMIT = 200;

/**
 * GET /api/v1/therapist/users/:id: one client of the therapist with what they told at
 * sign-up, their sessions with this therapist and the therapist's post-session forms.
 * Anyone who is not the therapist's client is 404, the same as an unknown id. Each read is
 * appended to the audit trail (the client sees it in «Кто видел мои данные»).
 */
export async function getTherapistClient(
  ctx: TAppContext,
  therapist: TUserRow,
  clientHashid: string,
  origin: TAuditOrigin,
  now = new Date(),
): Promise<TTherapistClientDetail> {
  const clientId = ctx.hashids.decode('user', clientHashid);
  const [client] = clientId === null ? [] : await loadTherapistClients(ctx, therapist, { now, onlyClientId: clientId });
  if (!client || clientId === null) throw new AppError('not_found', 'Клиент не найден');

  const tz = zoneOrDefault(therapist.tz);
  const [profile] = await ctx.db.select().from(clientProfiles).where(eq(clientProfiles.userId, clientId));
  const rows = await ctx.db
    .select({
      slot: slots,
      form: {
        slotId: videoConnectionReports.slotId,
        sealedForm: videoConnectionReports.sealedForm,
        types: videoConnectionReports.types,
        comment: videoConnectionReports.comment,
      },
    })
    .from(slots)
    .leftJoin(videoConnectionReports, eq(videoConnectionReports.slotId, slots.id))
    .where(
      and(
        eq(slots.therapistId, therapist.id),
        eq(slots.clientId, clientId),
        notInArray(slots.status, ['held', 'expired']),
      ),
    )
    .orderBy(desc(slots.startsAt))
    .limit(PAST_LIMIT + 100);
  await appendAudit(ctx.db, origin, [{ action: 'client_page', subjectId: clientId }]);
  // The post-session forms are opened here, for their therapist only (the query is theirs).
  const keyring = notesKeyring(ctx.config);
  const present = (row: (typeof rows)[number]) =>
    presentTherapistSession(ctx, row.slot, row.form?.slotId ? openForm(keyring, row.form) : null, tz, now);
  const isUpcoming = (row: (typeof rows)[number]) => row.slot.status === 'booked' && endOf(row.slot) > now;

  return {
    client,
    tz,
    answers: {
      age: profile?.age ?? null,
      therapy_type: profile?.therapyType ?? null,
      topics: optionsOf('topic', profile?.topicCodes ?? []),
      languages: optionsOf('language', profile?.preferences.language_ids ?? []),
    },
    upcoming: rows.filter(isUpcoming).reverse().map(present),
    past: rows
      .filter((row) => !isUpcoming(row))
      .slice(0, PAST_LIMIT)
      .map(present),
  };
}
