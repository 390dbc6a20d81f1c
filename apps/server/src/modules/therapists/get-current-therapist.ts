import { genomCounters, readGenom, type TTherapistCurrent } from '@therapy/contract';
import { eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { curators, type TUserRow, therapists } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { prepared } from '../../lib/prepared.ts';
import { mustSignFlags, signedVersionSql } from '../agreements/must-sign.ts';

const therapistQuery = (db: TAppContext['db']) =>
  db
    .select({
      therapist: therapists,
      curator: curators,
      // In the same statement, not two more queries: the versions the therapist signed last.
      agreement: signedVersionSql(therapists.userId, 'agreement'),
      contract: signedVersionSql(therapists.userId, 'contract'),
    })
    .from(therapists)
    .leftJoin(curators, eq(curators.id, therapists.curatorId))
    .where(eq(therapists.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('current_therapist');

export async function getCurrentTherapist(ctx: TAppContext, user: TUserRow): Promise<TTherapistCurrent> {
  const [row] = await prepared(ctx.db, 'current_therapist', therapistQuery).execute({ userId: user.id });
  if (!row) throw new AppError('not_found', 'Профиль психолога не найден');
  const { therapist, curator } = row;
  const flags = mustSignFlags(therapist, row);
  return {
    hashid: ctx.hashids.encode('user', user.id),
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    tz: user.tz,
    female: therapist.female,
    video_profile: therapist.videoProfile,
    videoask_link: therapist.videoaskLink,
    avatar_thumb: therapist.avatarThumb,
    avatar_large: therapist.avatarLarge,
    curator_id: curator ? ctx.hashids.encode('curator', curator.id) : null,
    curator_link: curator?.link ?? null,
    curator_name: curator?.name ?? null,
    ...flags,
    education: therapist.education,
    practice_start: therapist.practiceStart,
    single: therapist.single,
    couple: therapist.couple,
    genom_filled: genomCounters(readGenom(therapist.genom)),
  };
}
