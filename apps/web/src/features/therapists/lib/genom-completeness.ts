import type { TGenomFilled } from '@therapy/contract';
import { percentFilled } from '../../../i18n/format.ts';

export const GENOM_GROUPS = ['about_clients', 'private_info'] as const;
export type TGenomGroup = (typeof GENOM_GROUPS)[number];

export type TGroupCompleteness = { group: TGenomGroup; filled: number; total: number; percent: number };

/** Per group [filled, total] → counts and percent, in the order the profile form shows them. */
export function groupCompleteness(filled: TGenomFilled): TGroupCompleteness[] {
  return GENOM_GROUPS.map((group) => {
    const [groupFilled, total] = filled[group];
    return { group, filled: groupFilled, total, percent: percentFilled([groupFilled, total]) };
  });
}

/** Percent of all genom fields filled, across the groups. */
export function totalCompleteness(filled: TGenomFilled): number {
  const sum = GENOM_GROUPS.reduce<[number, number]>(
    ([accFilled, accTotal], group) => [accFilled + filled[group][0], accTotal + filled[group][1]],
    [0, 0],
  );
  return percentFilled(sum);
}

/** The spec §4 rules live in the contract, shared with the profile form. */
export { genomNeedsUpdate, isFirstGenomData } from '@therapy/contract/rules';
