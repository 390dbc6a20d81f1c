import type { TBusiness } from '@therapy/contract';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { STORAGE_KEYS } from '../../../config/constants.ts';
import { chooseBusiness, chooseYear, type TYearChoice } from '../lib/choose-business.ts';

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.chosenBusiness);
  } catch {
    return null;
  }
}

function store(id: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.chosenBusiness, id);
  } catch {
    // Without storage the choice lasts for this page only.
  }
}

export type TBusinessChoice = TYearChoice & {
  business: TBusiness;
  setBusiness: (id: string) => void;
  setYear: (year: number) => void;
};

/**
 * The chosen business and year. The URL's `?business=` is the given id and `?year=` the given year, so a choice
 * survives a reload and can be linked; a business picked here is also stored as 'chosenBusiness'.
 */
export function useBusinessChoice(businesses: readonly TBusiness[]): TBusinessChoice | null {
  const [params, setParams] = useSearchParams();
  const givenId = params.get('business');
  const givenYear = Number.parseInt(params.get('year') ?? '', 10);

  const business = useMemo(() => chooseBusiness(businesses, givenId, readStored()), [businesses, givenId]);
  const yearChoice = useMemo(
    () => (business ? chooseYear(business, Number.isNaN(givenYear) ? null : givenYear) : null),
    [business, givenYear],
  );

  // react-router hands a functional update the params of the last render, so a year picked before a
  // business change has rendered would be built on the old business and undo it. The params last
  // written stand in until the next render brings them.
  const written = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each render's new params replace what was written.
  useEffect(() => {
    written.current = null;
  }, [params]);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(written.current ?? current);
          edit(next);
          written.current = next;
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const setBusiness = useCallback(
    (id: string) => {
      store(id);
      change((next) => {
        next.set('business', id);
        next.delete('year');
      });
    },
    [change],
  );

  const setYear = useCallback((year: number) => change((next) => next.set('year', String(year))), [change]);

  if (!business || !yearChoice) return null;
  return { business, ...yearChoice, setBusiness, setYear };
}
