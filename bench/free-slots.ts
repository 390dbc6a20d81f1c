// The time-zone hot path without HTTP or a database: computeFreeSlots over a week and a month
// of a full schedule, and the per-start local parts a free-slots answer is built from.
// Prints CPU µs per call (median and best of rounds: CPU time, so other processes on the
// machine disturb it less than wall time); asserts nothing. `npx node bench/free-slots.ts`
import { localParts } from '../apps/server/src/lib/time.ts';
import { computeFreeSlots, type TFreeSlotsInput } from '../apps/server/src/modules/schedule/compute-free-slots.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const DAY = 86_400_000;

/** A therapist working 09:00–21:00 every day, 50-minute sessions with 10 minutes between, a few booked. */
function input(tz: string, days: number): TFreeSlotsInput {
  const from = new Date('2026-03-20T00:00:00Z');
  const to = new Date(from.getTime() + days * DAY);
  const busy = Array.from({ length: days }, (_, i) => {
    const startsAt = new Date(from.getTime() + i * DAY + 11 * 3_600_000);
    return { startsAt, blockedUntil: new Date(startsAt.getTime() + 60 * 60_000) };
  });
  return {
    tz,
    rules: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 9 * 60, endMinute: 21 * 60 })),
    exceptions: [{ onDate: '2026-03-25', kind: 'day_off', startMinute: null, endMinute: null }],
    sessionMinutes: 50,
    bufferMinutes: 10,
    busy,
    from,
    to,
    notBefore: from,
  };
}

const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** CPU µs per call of `run`, over ROUNDS rounds of `calls` calls (after one warm-up round). */
function measure(label: string, calls: number, run: () => unknown): void {
  const rounds: number[] = [];
  for (let r = -1; r < ROUNDS; r++) {
    const started = cpuMicros();
    for (let i = 0; i < calls; i++) run();
    if (r >= 0) rounds.push((cpuMicros() - started) / calls);
  }
  rounds.sort((a, b) => a - b);
  const median = rounds[Math.floor(rounds.length / 2)] ?? 0;
  console.log(`${label.padEnd(58)} ${median.toFixed(1).padStart(8)} µs/call CPU  (best ${rounds[0]?.toFixed(1)})`);
}

const firstStarted = cpuMicros();
const firstStarts = computeFreeSlots(input('America/Sao_Paulo', 31));
console.log(
  `first call, a zone never seen (America/Sao_Paulo, 31 days, ${firstStarts.length} starts): ${((cpuMicros() - firstStarted) / 1000).toFixed(1)} ms CPU`,
);

for (const tz of ['Europe/Moscow', 'Europe/Berlin']) {
  for (const days of [7, 31]) {
    const slots = input(tz, days);
    const starts = computeFreeSlots(slots);
    measure(`computeFreeSlots ${tz}, ${days} days (${starts.length} starts)`, days === 7 ? 200 : 50, () =>
      computeFreeSlots(slots),
    );
    measure(`  + localParts of each start (the answer's date/time/label)`, days === 7 ? 200 : 50, () => {
      for (const start of computeFreeSlots(slots)) localParts(start, 'Asia/Vladivostok');
    });
  }
}
const moment = new Date('2026-03-29T00:30:00Z');
measure('localParts, one instant', 20_000, () => localParts(moment, 'Europe/Berlin'));
