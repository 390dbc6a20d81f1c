import type { TCurrency } from '@therapy/contract';
import type { TPassRow } from '../../db/schema/index.ts';
import { countRu } from '../../lib/plural.ts';

/** The accusative after «на»: на 1 сессию, на 4 сессии, на 8 сессий. */
const sessionsAccusative = (n: number): string => countRu(n, ['сессию', 'сессии', 'сессий']);

const THERAPY_LABEL = { single: 'индивидуальная терапия', couple: 'парная терапия' } as const;
const TIER_LABEL = { standard: 'психолог', senior: 'опытный психолог', expert: 'эксперт' } as const;

/** What the client is paying for, as a receipt or a checkout page names it. */
export const passDescription = (pass: TPassRow): string =>
  `Абонемент на ${sessionsAccusative(pass.sessionsCount)}: ${THERAPY_LABEL[pass.therapyType]}, ${TIER_LABEL[pass.tier]}`;

export const priceOf = (pass: Pick<TPassRow, 'priceRub' | 'priceEur'>, currency: TCurrency): number =>
  currency === 'eur' ? pass.priceEur : pass.priceRub;
