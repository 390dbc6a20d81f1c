import type { TPassesResponse, TPassTherapist } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TClientPassRow, TPassRow, TPromocodeRow, TUserRow } from '../../db/schema/index.ts';
import { promocodeRuleProblem } from '../promocodes/check-promocode.ts';
import { discountedAmount } from '../promocodes/promocode-rules.ts';
import { priceOf } from './pass-labels.ts';
import { presentClientPass } from './present-client-pass.ts';

/** Timestamps inside JSON come as text; null stays null. */
type TJsonDate = string | null;

type TPassesRow = {
  catalog: Pick<TPassRow, 'id' | 'tier' | 'therapyType' | 'sessionsCount' | 'priceRub' | 'priceEur' | 'validMonths'>[];
  owned: {
    id: number;
    pass_id: number;
    tier: TPassRow['tier'];
    therapy_type: TPassRow['therapyType'];
    status: TClientPassRow['status'];
    sessions_total: number;
    sessions_left: number;
    activated_at: TJsonDate;
    expires_at: TJsonDate;
  }[];
  /** The applied code's row (JSON), if the client has applied one. */
  promocode: (Omit<TPromocodeRow, 'startsAt' | 'expiresAt'> & { startsAt: TJsonDate; expiresAt: TJsonDate }) | null;
  /** The client's employer bars promo codes today. */
  promocode_blocked: boolean;
  /** The client's completed or refunded purchases with the applied code. */
  promocode_used: number;
  therapist: { id: number; first_name: string; last_name: string; tier: TPassTherapist['tier'] } | null;
};

// One statement for the whole page (it was four to six one after another), each part on an index of
// this client's rows: the active catalog; the client's passes but cancelled ones, newest first; the
// applied code with what decides whether it counts (the employer's bar, the client's own uses, as
// findAppliedPromocode checks them); and the therapist the client buys for: the one of a live hold (the
// checkout), else of the next booked session, else of the latest one held. That slot is chosen among the
// client's own before its therapist is joined (joined first, the plan walked every user against the slots).
const PASSES_SQL = `
with applied as (
  select pc.id, pc.code, pc.kind, pc.percent_off as "percentOff", pc.amount_off as "amountOff", pc.currency,
    pc.description, pc.starts_at as "startsAt", pc.expires_at as "expiresAt", pc.max_redemptions as "maxRedemptions",
    pc.redemptions_count as "redemptionsCount", pc.per_user_limit as "perUserLimit", pc.active
  from applied_promocodes ap join promocodes pc on pc.id = ap.promocode_id
  where ap.user_id = $1
)
select
  (select coalesce(json_agg(json_build_object('id', p.id, 'tier', p.tier, 'therapyType', p.therapy_type,
      'sessionsCount', p.sessions_count, 'priceRub', p.price_rub, 'priceEur', p.price_eur, 'validMonths', p.valid_months)
      order by p.therapy_type, p.tier, p.sessions_count), '[]'::json)
   from passes p where p.active) as catalog,
  (select coalesce(json_agg(json_build_object('id', cp.id, 'pass_id', p.id, 'tier', p.tier, 'therapy_type', p.therapy_type,
      'status', cp.status, 'sessions_total', cp.sessions_total, 'sessions_left', cp.sessions_left,
      'activated_at', cp.activated_at, 'expires_at', cp.expires_at) order by cp.created_at desc, cp.id desc), '[]'::json)
   from client_passes cp join passes p on p.id = cp.pass_id
   where cp.user_id = $1 and cp.status <> 'cancelled') as owned,
  (select row_to_json(a) from applied a) as promocode,
  exists (select 1 from employees e
    where e.user_id = $1 and e.promocodes_blocked and e.joined_on <= $3::date
      and (e.left_on is null or e.left_on >= $3::date)) as promocode_blocked,
  (select count(*)::int from pass_purchases pp join applied a on a.id = pp.promocode_id
   where pp.user_id = $1 and pp.status in ('completed', 'refunded')) as promocode_used,
  (select json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name, 'tier', th.tier)
   from (select s.therapist_id from slots s
     where s.client_id = $1
       and ((s.status = 'held' and s.hold_expires_at > $2::timestamptz)
         or (s.status = 'booked' and s.starts_at > $2::timestamptz)
         or s.status = 'completed')
       and exists (select 1 from therapists t where t.user_id = s.therapist_id)
     order by case when s.status = 'held' then 0 when s.status = 'booked' then 1 else 2 end,
       case when s.status = 'booked' then s.starts_at end asc, s.starts_at desc
     limit 1) chosen
   join users u on u.id = chosen.therapist_id join therapists th on th.user_id = chosen.therapist_id) as therapist`;

const dateOf = (value: TJsonDate): Date | null => (value === null ? null : new Date(value));

/** The applied code if it lowers prices for this client now, by the same rules as findAppliedPromocode. */
function usableCode(row: TPassesRow, user: TUserRow, now: Date): TPromocodeRow | null {
  if (!row.promocode || row.promocode_blocked) return null;
  const code: TPromocodeRow = {
    ...row.promocode,
    startsAt: dateOf(row.promocode.startsAt),
    expiresAt: dateOf(row.promocode.expiresAt),
  };
  if (promocodeRuleProblem(code, { now, currency: user.currency })) return null;
  return row.promocode_used >= code.perUserLimit ? null : code;
}

/**
 * The active catalog in the client's currency (with the applied promo code), the client's own passes, and the
 * therapist they are buying for, whose tier decides which passes can pay for their sessions.
 */
export async function listPasses(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TPassesResponse> {
  const currency = user.currency;
  const [row] = await ctx.database.prepared<TPassesRow>('user_passes', PASSES_SQL, [
    user.id,
    now,
    now.toISOString().slice(0, 10),
  ]);
  if (!row) throw new Error('the passes statement returned no row');
  const promocode = usableCode(row, user, now);
  return {
    currency,
    passes: row.catalog.map((pass) => {
      const price = priceOf(pass, currency);
      return {
        id: ctx.hashids.encode('pass', pass.id),
        tier: pass.tier,
        therapy_type: pass.therapyType,
        sessions_count: pass.sessionsCount,
        currency,
        price,
        discount_price: discountedAmount(price, currency, promocode),
        price_per_session: Math.round(price / pass.sessionsCount),
        valid_months: pass.validMonths,
      };
    }),
    client_passes: row.owned.map((owned) =>
      presentClientPass(
        ctx,
        {
          id: owned.id,
          passId: owned.pass_id,
          tier: owned.tier,
          therapyType: owned.therapy_type,
          status: owned.status,
          sessionsTotal: owned.sessions_total,
          sessionsLeft: owned.sessions_left,
          activatedAt: dateOf(owned.activated_at),
          expiresAt: dateOf(owned.expires_at),
        },
        now,
      ),
    ),
    promocode: { active: promocode !== null, description: promocode?.description ?? null },
    therapist: row.therapist && {
      id: ctx.hashids.encode('user', row.therapist.id),
      first_name: row.therapist.first_name,
      last_name: row.therapist.last_name,
      tier: row.therapist.tier,
    },
  };
}
