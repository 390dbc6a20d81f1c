import { describe, expect, it } from 'vitest';
import { cancelPolicyOf } from './cancel-policy.ts';

const startsAt = new Date('2026-11-22T16:00:00Z');
const hoursBefore = (h: number) => new Date(startsAt.getTime() - h * 3_600_000);

describe('cancel policy', () => {
  it('is free until 24 h before the start, shown in the viewer’s zone', () => {
    const policy = cancelPolicyOf({ status: 'booked', startsAt }, 'Europe/Moscow', hoursBefore(30));
    expect(policy).toEqual({
      free: true,
      free_until: '2026-11-21T16:00:00.000Z',
      free_until_label: '21.11.2026 в 19:00',
      message: 'Бесплатная отмена до 21.11.2026 в 19:00',
      can_cancel: true,
      can_reschedule: true,
    });
    expect(cancelPolicyOf({ status: 'booked', startsAt }, 'Asia/Vladivostok', hoursBefore(30)).message).toBe(
      'Бесплатная отмена до 22.11.2026 в 02:00',
    );
  });

  it('spends the session later, and refuses moving it', () => {
    expect(cancelPolicyOf({ status: 'booked', startsAt }, 'Europe/Moscow', hoursBefore(23))).toMatchObject({
      free: false,
      message: 'Сессия будет списана',
      can_cancel: true,
      can_reschedule: false,
    });
    expect(cancelPolicyOf({ status: 'booked', startsAt }, 'Europe/Moscow', hoursBefore(24))).toMatchObject({
      free: false,
      can_reschedule: false,
    });
  });

  it('allows nothing once the session started or is no longer live', () => {
    expect(cancelPolicyOf({ status: 'booked', startsAt }, 'UTC', startsAt)).toMatchObject({
      can_cancel: false,
      can_reschedule: false,
      message: 'Сессия уже началась',
    });
    expect(cancelPolicyOf({ status: 'cancelled', startsAt }, 'UTC', hoursBefore(48))).toMatchObject({
      free: false,
      can_cancel: false,
      can_reschedule: false,
    });
  });

  it('lets a hold go free of charge, but never moves it', () => {
    expect(cancelPolicyOf({ status: 'held', startsAt }, 'UTC', hoursBefore(5))).toMatchObject({
      free: true,
      can_cancel: true,
      can_reschedule: false,
    });
  });
});
