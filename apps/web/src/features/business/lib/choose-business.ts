import type { TBusiness } from '@therapy/contract';

/** Business choice (spec §4): the given id, else the one stored as 'chosenBusiness', else the first. */
export function chooseBusiness(
  businesses: readonly TBusiness[],
  givenId?: string | null,
  storedId?: string | null,
): TBusiness | null {
  const byId = (id: string | null | undefined): TBusiness | undefined =>
    id ? businesses.find((business) => business.id === id) : undefined;
  return byId(givenId) ?? byId(storedId) ?? businesses[0] ?? null;
}

export type TYearChoice = {
  years: number[];
  year: number;
  /** The business has no years yet: the current year is offered and its data shows as empty (spec §3). */
  isEmptyData: boolean;
};

/** The years to offer and the chosen one: the given year if the business has it, else its first year. */
export function chooseYear(business: TBusiness, givenYear?: number | null, now: Date = new Date()): TYearChoice {
  if (business.years.length === 0) {
    const current = now.getFullYear();
    return { years: [current], year: current, isEmptyData: true };
  }
  const first = business.years[0] as number;
  const year = givenYear != null && business.years.includes(givenYear) ? givenYear : first;
  return { years: [...business.years], year, isEmptyData: false };
}
