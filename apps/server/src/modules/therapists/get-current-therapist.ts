import { genomCounters, readGenom, type TTherapistCurrent } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TTherapistRow, TUserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { mustSignFlags } from '../agreements/must-sign.ts';

type TCurrentTherapistRow = Pick<
  TTherapistRow,
  | 'female'
  | 'videoProfile'
  | 'videoaskLink'
  | 'avatarThumb'
  | 'avatarLarge'
  | 'mustSignAgreement'
  | 'mustSignContract'
  | 'education'
  | 'practiceStart'
  | 'single'
  | 'couple'
  | 'genom'
> & {
  curatorId: number | null;
  curatorName: string | null;
  curatorLink: string | null;
  /** The versions the therapist signed last (null: never). */
  agreement: number | null;
  contract: number | null;
};

// One named statement (TDatabase.prepared): the profile, its curator and the versions signed last, each
// on a primary or unique index. The date goes as text, as Drizzle reads it.
const CURRENT_THERAPIST_SQL = `
select t.female, t.video_profile as "videoProfile", t.videoask_link as "videoaskLink",
  t.avatar_thumb as "avatarThumb", t.avatar_large as "avatarLarge",
  t.must_sign_agreement as "mustSignAgreement", t.must_sign_contract as "mustSignContract",
  t.education, t.practice_start::text as "practiceStart", t.single, t.couple, t.genom,
  c.id as "curatorId", c.name as "curatorName", c.link as "curatorLink",
  (select max(s.version) from agreement_signatures s where s.therapist_user_id = t.user_id and s.kind = 'agreement') as agreement,
  (select max(s.version) from agreement_signatures s where s.therapist_user_id = t.user_id and s.kind = 'contract') as contract
from therapists t
left join curators c on c.id = t.curator_id
where t.user_id = $1`;

export async function getCurrentTherapist(ctx: TAppContext, user: TUserRow): Promise<TTherapistCurrent> {
  const [therapist] = await ctx.database.prepared<TCurrentTherapistRow>('current_therapist', CURRENT_THERAPIST_SQL, [
    user.id,
  ]);
  if (!therapist) throw new AppError('not_found', 'Профиль психолога не найден');
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
    curator_id: therapist.curatorId === null ? null : ctx.hashids.encode('curator', therapist.curatorId),
    curator_link: therapist.curatorLink,
    curator_name: therapist.curatorName,
    ...mustSignFlags(therapist, therapist),
    education: therapist.education,
    practice_start: therapist.practiceStart,
    single: therapist.single,
    couple: therapist.couple,
    genom_filled: genomCounters(readGenom(therapist.genom)),
  };
}
