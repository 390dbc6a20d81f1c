import {
  BUSINESS_PRIVACY_THRESHOLD,
  BUSINESS_SUPPRESSED_VALUE,
  EMPLOYEE_BLOCKED_TOOLTIP,
  type TStatCell,
} from '@therapy/contract';

const SUPPRESSED_DESCRIPTION = `Данных меньше чем по ${BUSINESS_PRIVACY_THRESHOLD} сотрудникам: число скрыто, чтобы их нельзя было узнать`;

export const cell = (value: TStatCell['value'], description: string | null = null): TStatCell => ({
  value,
  description,
});
export const blank = (): TStatCell => cell(null);

/**
 * A usage figure over `people` employees: shown when none or at least the threshold took part,
 * «менее 5» otherwise, so that no figure can be traced to one or two people.
 */
export function usageCell(value: number, people: number): TStatCell {
  if (people > 0 && people < BUSINESS_PRIVACY_THRESHOLD) return cell(BUSINESS_SUPPRESSED_VALUE, SUPPRESSED_DESCRIPTION);
  return cell(value);
}

export const HIDDEN_USAGE_DESCRIPTION = 'Сотрудник не давал согласия показывать работодателю своё использование';
export const BLOCKED_TOOLTIP = EMPLOYEE_BLOCKED_TOOLTIP;
