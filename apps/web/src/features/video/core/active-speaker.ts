/**
 * Who is speaking, from audio levels sampled a few times a second. A person counts as speaking once their level
 * passes the threshold and stays speaking for `holdMs` after it drops, so the highlight does not flicker between
 * words. The loudest comes first.
 */
export type TSpeakerDetectorOptions = { threshold: number; holdMs: number };

export const DEFAULT_SPEAKER_OPTIONS: TSpeakerDetectorOptions = { threshold: 0.05, holdMs: 700 };

export type TSpeakerDetector = {
  update: (levels: Readonly<Record<string, number>>, now: number) => string[];
};

export function createSpeakerDetector(options: TSpeakerDetectorOptions = DEFAULT_SPEAKER_OPTIONS): TSpeakerDetector {
  const lastLoud = new Map<string, { at: number; level: number }>();
  return {
    update: (levels, now) => {
      for (const [id, level] of Object.entries(levels)) {
        if (level >= options.threshold) lastLoud.set(id, { at: now, level });
      }
      const speaking: { id: string; level: number }[] = [];
      for (const [id, loud] of lastLoud) {
        if (!(id in levels) || now - loud.at > options.holdMs) lastLoud.delete(id);
        else speaking.push({ id, level: Math.max(loud.level, levels[id] ?? 0) });
      }
      return speaking.sort((a, b) => b.level - a.level || (a.id < b.id ? -1 : 1)).map((entry) => entry.id);
    },
  };
}
