/**
 * The retention list of erasure (issue 14): what is kept of a client after they delete their
 * account, and why. Everything else that was theirs is deleted, or set to nothing, by
 * `eraseAccount`; `erasure.test.ts` walks every table and column of the database and fails on
 * anything of an erased client found outside this list. README (Privacy) says the same in prose.
 *
 * What stays is tied to the client only by the id of their `users` row, which stays as a pseudonym:
 * every personal field of it is erased and its e-mail replaced by an unusable random one, so the
 * id names no one any more, while the records the law or the statistics need keep adding up.
 */
export type TRetained = {
  /** The columns that may still hold something the client gave (beyond ids, times, amounts, statuses). */
  values?: readonly string[];
  why: string;
};

/** Tables whose rows may still point at the erased client's row (or at their sessions and purchases). */
export const RETAINED_ROWS = {
  users: {
    why: 'The pseudonym the kept records point to: id, role, currency, sign-up state, created_at and erased_at; e-mail, names, password, time zone, language and consent fields are erased.',
  },
  slots: {
    why: 'The sessions as anonymous history: times, status, therapist, pass paid from, and on a past couple session the erased partner’s pseudonym (their seat in one ahead is let go). The therapist’s statistics and the employer’s usage figures count them; a client-written cancel reason is erased.',
  },
  client_passes: { why: 'Payment records (152-FZ/402-FZ accounting, 5 years): what was bought and used.' },
  pass_purchases: {
    why: 'Payment records the law requires (402-FZ art. 29, 5 years; 54-FZ): amounts, currency, dates, provider and its payment ids. No health data in them.',
  },
  payment_events: {
    why: 'The providers’ webhook events of those payments, kept so a replay changes nothing; their payload (which may carry a payer’s e-mail) is replaced by {"erased":true}.',
  },
  sandbox_checkouts: {
    why: 'The sandbox provider’s own side of those payments (a real provider keeps it on its servers): amount, description, the card’s last digits.',
  },
  video_participants: {
    why: 'When each side joined a session: whether the session was held, which the statistics count.',
  },
  video_ratings: { why: 'The rating number a session got (the therapist’s average); the comment is erased.' },
  video_call_metrics: {
    why: 'Call quality figures (round trip, loss, bitrate): no content, service quality statistics.',
  },
  consent_records: {
    why: 'Proof that processing before the erasure had consent (GDPR art. 7(1)): which text, version, accepted or withdrawn, when. Address and browser are erased.',
  },
  audit_log: {
    why: 'The append-only trail of who read or changed the client’s data (152-FZ art. 19, accountability). Ids stay as pseudonyms; the address and browser of the client’s own actions are erased (the one update the trigger allows, and only for an erased account).',
  },
  employees: {
    values: ['email', 'first_name', 'last_name'],
    why: 'The employer’s own staff list, entered by the employer, who is its controller: kept as they entered it, linked to the pseudonym so the employer’s usage totals still count; the employer’s per-person view of the erased account is withdrawn.',
  },
  business_usage_months: { why: 'The employer’s usage counts and money per employee row: figures only.' },
  business_usage_years: { why: 'The same, per year.' },
  read_changes: {
    why: 'Which users’ cached answers a write made outdated (lib/read-cache.ts): an id and a time, nothing else; pruned within the hour.',
  },
} as const satisfies Record<string, TRetained>;

/** Cancel reasons the system writes (codes, not words anyone typed): kept on the erased client's sessions. */
export const SYSTEM_CANCEL_REASONS = [
  'account_erased',
  'hold_released',
  'hold_lapsed',
  'hold_replaced',
  'therapist_unscheduled',
  'therapist_no_show',
  'client_no_show',
] as const;

/** The cancel reason of the sessions the erasure itself cancels. */
export const ERASURE_CANCEL_REASON = 'account_erased';

/** The domain of the unusable e-mail an erased account gets (`.invalid` never resolves, RFC 2606). */
export const ERASED_EMAIL_DOMAIN = 'erased.invalid';
