import { describe, expect, it } from 'vitest';
import { completedSlotId, isSessionEnd, ratingPathFor, shouldShowRatingPopup } from './rating-rules.ts';

describe('rating popup rules (spec §4, §6)', () => {
  it('is shown when the video data has no feedbackFreshSlotHashid', () => {
    expect(shouldShowRatingPopup({ feedbackFreshSlotHashid: null })).toBe(true);
    expect(shouldShowRatingPopup(null)).toBe(true);
    expect(shouldShowRatingPopup({ feedbackFreshSlotHashid: '' })).toBe(true);
  });

  it('is not shown when the video data carries feedbackFreshSlotHashid', () => {
    expect(shouldShowRatingPopup({ feedbackFreshSlotHashid: 'slot-1' })).toBe(false);
  });

  it('rates the ended slot given, else the current video slot', () => {
    expect(completedSlotId('slot-ended', { id: 'slot-video' })).toBe('slot-ended');
    expect(completedSlotId(null, { id: 'slot-video' })).toBe('slot-video');
    expect(completedSlotId(undefined, { id: 'slot-video' })).toBe('slot-video');
    expect(completedSlotId(null, null)).toBeNull();
  });

  it('only the end of the session asks for a rating, not leaving or a replaced tab', () => {
    expect(isSessionEnd('therapist_ended')).toBe(true);
    expect(isSessionEnd('time_up')).toBe(true);
    expect(isSessionEnd('left')).toBe(false);
    expect(isSessionEnd('replaced')).toBe(false);
    expect(isSessionEnd(null)).toBe(false);
  });

  it('therapists use the therapist endpoint, everyone else the user one', () => {
    expect(ratingPathFor('therapist')).toBe('/api/v1/therapist/slot/video_quality');
    expect(ratingPathFor('client')).toBe('/api/v1/user/slot/video_quality');
    expect(ratingPathFor('business_account')).toBe('/api/v1/user/slot/video_quality');
    expect(ratingPathFor(null)).toBe('/api/v1/user/slot/video_quality');
  });
});
