// Shared steps of the video e2e tests: Debian's Chromium with a fake camera and microphone, a signed-in browser
// context per person, the device check, and media that keeps flowing.
import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { chromiumArgs } from '../../playwright.config.ts';
import { inbound, recordPeerConnections } from './video-stats.ts';

export const videoChromiumArgs = [
  ...chromiumArgs,
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export const videoLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: videoChromiumArgs,
};

/** The demo accounts' sign-in, under the name the video journeys know it by. */
export { signInDemo as signIn } from './screens.ts';

type TVideo = { videoWidth: number };
export const videoWidth = (video: unknown) => (video as TVideo).videoWidth;

/** A context of its own (one person), on the given server, that records its peer connections. */
export async function newVideoContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: { width: 1280, height: 800 },
    permissions: ['camera', 'microphone'],
  });
  await context.addInitScript(recordPeerConnections);
  return context;
}

export async function passDeviceCheck(page: Page) {
  // The call page loads the app and the video data first; a loaded CI machine needs more than 5 s.
  await expect(page.getByRole('heading', { name: 'Проверка оборудования' })).toBeVisible({ timeout: 15_000 });
  // The preview shows our own camera before we join.
  await expect.poll(() => page.locator('video').first().evaluate(videoWidth), { timeout: 15_000 }).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Всё работает' }).click();
}

/** Decoded video frames and audio packets keep coming in. */
export async function expectMediaFlowing(page: Page, videoStreams = 1) {
  await expect
    .poll(async () => (await inbound(page)).videoStreams, { timeout: 20_000 })
    .toBeGreaterThanOrEqual(videoStreams);
  const before = await inbound(page);
  await expect
    .poll(async () => (await inbound(page)).framesDecoded, { timeout: 10_000 })
    .toBeGreaterThan(before.framesDecoded + 10);
  await expect
    .poll(async () => (await inbound(page)).audioPackets, { timeout: 10_000 })
    .toBeGreaterThan(before.audioPackets);
}

/** At least `count` inbound video tracks each decode new frames (one per other participant). */
export async function expectTracksDecoding(page: Page, count: number) {
  await expect
    .poll(async () => Object.values((await inbound(page)).tracks).filter((frames) => frames > 0).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(count);
  const before = (await inbound(page)).tracks;
  await expect
    .poll(
      async () => {
        const now = (await inbound(page)).tracks;
        return Object.entries(now).filter(([id, frames]) => frames > (before[id] ?? 0) + 10).length;
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(count);
}
