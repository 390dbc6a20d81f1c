// Lighthouse performance of the pages people land on, printed, nothing asserted (goal: mobile ≥ 90, desktop ≥ 95):
// the sign-in page, the client dashboard and the therapist list (signed in as the demo client, its cookies sent as a
// header), and the call's device check (a client with a session now, a fake camera). Mobile and desktop presets;
// score, LCP, TBT, CLS and FCP per page (BENCH_LIGHTHOUSE_PAGES=/lk,/lk/call for some, BENCH_LIGHTHOUSE_PRESETS=mobile
// for one preset, BENCH_LIGHTHOUSE_RUNS=3 for repeated runs; BENCH_LIGHTHOUSE_DETAILS=1
// for what held them back). Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH), headless, on a
// server of its own (bench/pages.ts). Lighthouse simulates a slow phone from what it observes: on a busy machine the
// scores come out lower than on a quiet one, so compare runs made on the same machine.
import { request } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { benchPages, signInOver, startVideoServer } from './pages.ts';

const PRESETS = { mobile: undefined, desktop: desktopConfig } as const;
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);

const server = await startVideoServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ],
});
const ms = (value: number | undefined) => `${Math.round(value ?? 0)} ms`.padStart(8);
try {
  console.log(
    `${'page'.padEnd(18)} ${'preset'.padEnd(8)} score ${'LCP'.padStart(8)} ${'TBT'.padStart(8)}    CLS ${'FCP'.padStart(8)}`,
  );
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
  for (const page of benchPages(server).filter((candidate) => !only || only.includes(candidate.path))) {
    const api = await request.newContext();
    const cookie = page.as ? await signInOver(api, server.baseURL, page.as) : null;
    await api.dispose();
    const presets = process.env.BENCH_LIGHTHOUSE_PRESETS?.split(',');
    for (const [preset, config] of Object.entries(PRESETS).filter(([name]) => !presets || presets.includes(name))) {
      for (let run = 0; run < RUNS; run++) {
        const flags: Flags = {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
        };
        const result = await lighthouse(`${server.baseURL}${page.path}`, flags, config);
        if (!result) throw new Error(`Lighthouse gave no result for ${page.path}`);
        const { lhr } = result;
        if (lhr.runtimeError) console.log(`    ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
        if (finalPath !== page.path) throw new Error(`${page.path} went to ${finalPath}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue;
        const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
        console.log(
          `${page.path.padEnd(18)} ${preset.padEnd(8)} ${String(score).padStart(5)} ${ms(audit('largest-contentful-paint'))} ${ms(audit('total-blocking-time'))} ${(audit('cumulative-layout-shift') ?? 0).toFixed(3).padStart(6)} ${ms(audit('first-contentful-paint'))}`,
        );
        if (process.env.BENCH_LIGHTHOUSE_DETAILS) {
          for (const id of [
            'render-blocking-resources',
            'unused-javascript',
            'font-display',
            'uses-text-compression',
          ]) {
            const found = lhr.audits[id];
            if (found && found.score !== null && found.score < 1) console.log(`    ${id}: ${found.displayValue ?? ''}`);
          }
          const itemsOf = (id: string) =>
            ((lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(0, 4);
          const brief = (item: Record<string, unknown>) =>
            JSON.stringify(item, (key, value) =>
              ['boundingRect', 'nodeLabel', 'snippet'].includes(key) ? undefined : value,
            );
          for (const id of ['largest-contentful-paint-element', 'layout-shifts', 'bootup-time', 'long-tasks'])
            for (const item of itemsOf(id)) console.log(`    ${id}: ${brief(item).slice(0, 240)}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
