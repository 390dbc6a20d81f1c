import { z } from 'zod';

/**
 * The years an instant or a calendar date of the API may fall in. ISO 8601 and JavaScript
 * accept year 0000 and years past 9999; PostgreSQL's `timestamptz` and `date` refuse year 0
 * ("out of range"), so such a value would fail at the database instead of at the door.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

export const isYearInRange = (time: number): boolean => {
  const year = new Date(time).getUTCFullYear();
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

const OUT_OF_RANGE = `Дата должна быть между ${MIN_YEAR} и ${MAX_YEAR} годом`;

/** A moment as ISO 8601 with its offset (`2026-11-22T11:30:00Z`), within the years above. */
export const ZInstantSchema = z.iso
  .datetime({ offset: true, error: 'Укажите время в формате ISO 8601, например 2026-11-22T11:30:00Z' })
  .refine((value) => isYearInRange(Date.parse(value)), { error: OUT_OF_RANGE });
