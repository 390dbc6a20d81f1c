// Initial JavaScript of each page as sent, printed, nothing asserted (the budget, 150 KB compressed for the sign-in
// page and the client dashboard, is read by people). Each page is opened in Debian's Chromium (a fresh context: no
// cache) on a server of its own, and every script it loads until the network is idle is counted at the bytes that
// came over the wire (Brotli when offered), with the size it unpacks to. CSS is listed beside it.
// BENCH_BUNDLE_FILES=1 lists each page's scripts too, largest first (what to cut next).
import { chromium } from '@playwright/test';
import { benchPages, signInOver, startVideoServer } from './pages.ts';

const KB = 1000;
const fmt = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;

const server = await startVideoServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  console.log(
    `${'page'.padEnd(20)} ${'JS sent'.padStart(9)} ${'JS unpacked'.padStart(11)} files  ${'CSS sent'.padStart(9)}`,
  );
  for (const page of benchPages(server)) {
    const context = await browser.newContext({ locale: 'ru-RU', timezoneId: 'Europe/Moscow' });
    if (page.as) await signInOver(context.request, server.baseURL, page.as);
    const tab = await context.newPage();
    const loads: Promise<{ type: string; url: string; sent: number; unpacked: number }>[] = [];
    tab.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      loads.push(
        (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          const unpacked = (await response?.body())?.length ?? 0;
          return { type, url: request.url(), sent: sizes.responseBodySize, unpacked };
        })(),
      );
    });
    await tab.goto(`${server.baseURL}${page.path}`, { waitUntil: 'networkidle' });
    if (new URL(tab.url()).pathname !== page.path) throw new Error(`${page.path} went to ${tab.url()}`);
    const all = await Promise.all(loads);
    const scripts = all.filter((load) => load.type === 'script');
    const sum = (list: typeof all, key: 'sent' | 'unpacked') => list.reduce((total, load) => total + load[key], 0);
    console.log(
      `${page.path.padEnd(20)} ${fmt(sum(scripts, 'sent'))} ${fmt(sum(scripts, 'unpacked')).padStart(11)} ${String(scripts.length).padStart(5)}  ${fmt(
        sum(
          all.filter((load) => load.type === 'stylesheet'),
          'sent',
        ),
      )}`,
    );
    if (process.env.BENCH_BUNDLE_FILES) {
      for (const script of scripts.sort((a, b) => b.sent - a.sent)) {
        console.log(`    ${new URL(script.url).pathname.padEnd(48)} ${fmt(script.sent)} ${fmt(script.unpacked)}`);
      }
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
