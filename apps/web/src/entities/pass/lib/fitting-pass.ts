import type { TClientPass, TTherapistTier, TTherapyType } from '@therapy/contract';

/**
 * The client's pass a session can be paid from, as the server picks it when booking: active, with sessions left,
 * of the session's therapy type and the therapist's tier, still valid at the session's start; of several, the one
 * that expires first (a pass without an end date last).
 */
export function findFittingPass(
  passes: readonly TClientPass[],
  session: { therapyType: TTherapyType; tier: TTherapistTier; startsAt: string },
): TClientPass | null {
  const startsAt = Date.parse(session.startsAt);
  const fitting = passes.filter(
    (pass) =>
      pass.status === 'active' &&
      pass.sessions_left > 0 &&
      pass.therapy_type === session.therapyType &&
      pass.tier === session.tier &&
      (pass.expires_at === null || Date.parse(pass.expires_at) > startsAt),
  );
  const end = (pass: TClientPass): number =>
    pass.expires_at === null ? Number.POSITIVE_INFINITY : Date.parse(pass.expires_at);
  return fitting.sort((a, b) => end(a) - end(b))[0] ?? null;
}
