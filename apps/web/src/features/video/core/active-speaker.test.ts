import { describe, expect, it } from 'vitest';
import { createSpeakerDetector } from './active-speaker.ts';
import { levelOfSamples } from './audio-level.ts';

describe('active speaker', () => {
  it('marks whoever is above the threshold, loudest first', () => {
    const detector = createSpeakerDetector({ threshold: 0.05, holdMs: 700 });
    expect(detector.update({ 'peer-t': 0.3, local: 0.1, 'peer-x': 0.01 }, 0)).toEqual(['peer-t', 'local']);
  });

  it('keeps a speaker for the hold time between words, then lets go', () => {
    const detector = createSpeakerDetector({ threshold: 0.05, holdMs: 700 });
    detector.update({ 'peer-t': 0.3 }, 0);
    expect(detector.update({ 'peer-t': 0 }, 500)).toEqual(['peer-t']);
    expect(detector.update({ 'peer-t': 0 }, 800)).toEqual([]);
  });

  it('forgets a peer that left', () => {
    const detector = createSpeakerDetector();
    detector.update({ 'peer-t': 0.5 }, 0);
    expect(detector.update({}, 100)).toEqual([]);
  });

  it('turns samples into a 0…1 level', () => {
    expect(levelOfSamples(new Float32Array(128))).toBe(0);
    expect(levelOfSamples(new Float32Array(128).fill(0.1))).toBeCloseTo(0.4);
    expect(levelOfSamples(new Float32Array(128).fill(1))).toBe(1);
  });
});
