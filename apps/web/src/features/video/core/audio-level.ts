/**
 * Loudness of a local microphone, 0…1, through a WebAudio analyser: the device check's level meter and our own
 * "speaking" highlight. Returns null where WebAudio is missing (tests, old browsers).
 */
export type TAudioLevelMeter = { level: () => number; close: () => void };

/** RMS of the samples, scaled so that normal speech reaches roughly the upper half. */
export function levelOfSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] ?? 0;
    sum += sample * sample;
  }
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}

export function createAudioLevelMeter(
  stream: MediaStream,
  AudioContextImpl: typeof AudioContext | null,
): TAudioLevelMeter | null {
  if (!AudioContextImpl || stream.getAudioTracks().length === 0) return null;
  const context = new AudioContextImpl();
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  return {
    level: () => {
      if (context.state === 'suspended') void context.resume().catch(() => undefined);
      analyser.getFloatTimeDomainData(samples);
      return levelOfSamples(samples);
    },
    close: () => {
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}

/** A one-second test tone through the chosen speaker: the device check's «Проверить звук». */
export async function playTestTone(
  AudioContextImpl: typeof AudioContext | null,
  output: HTMLAudioElement | null,
  durationMs = 1000,
): Promise<void> {
  if (!AudioContextImpl) return;
  const context = new AudioContextImpl();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = 440;
  gain.gain.value = 0.15;
  oscillator.connect(gain);
  if (output) {
    // Through an <audio> element, so the chosen speaker (setSinkId on that element) plays it.
    const destination = context.createMediaStreamDestination();
    gain.connect(destination);
    output.srcObject = destination.stream;
    await output.play().catch(() => undefined);
  } else {
    gain.connect(context.destination);
  }
  oscillator.start();
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  oscillator.stop();
  if (output) output.srcObject = null;
  await context.close().catch(() => undefined);
}
