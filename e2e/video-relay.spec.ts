import { expect, test } from '@playwright/test';
import { coturnInstalled, startCoturn, type TCoturn } from './support/coturn.ts';
import {
  expectMediaFlowing,
  newVideoContext,
  passDeviceCheck,
  signIn,
  videoLaunchOptions,
} from './support/video-page.ts';
import { startVideoServer, type TVideoServer } from './support/video-server.ts';
import { selectedCandidateTypes } from './support/video-stats.ts';

/**
 * Issue 4, TURN: coturn on 127.0.0.1 with the shared-secret scheme, the server handing out per-participant
 * credentials for it (TURN_URLS/TURN_SECRET), and a call opened with `?ice=relay` (iceTransportPolicy 'relay') on
 * both sides: decoded frames keep coming and the selected candidate pair of each side is a relay candidate, so the
 * media really goes through coturn.
 */

test.use({ launchOptions: videoLaunchOptions });

let turn: TCoturn | null = null;
let server: TVideoServer | null = null;

test.beforeAll(async () => {
  test.skip(!coturnInstalled(), 'coturn (turnserver) is not installed');
  test.setTimeout(180_000);
  turn = await startCoturn();
  server = await startVideoServer({ env: turn.env });
});

test.afterAll(async () => {
  await server?.stop();
  await turn?.stop();
});

test('a call forced onto TURN relays its media through coturn', async ({ browser }) => {
  test.setTimeout(180_000);
  if (!server) throw new Error('no server');
  const { baseURL, seed } = server;
  const therapist = await (await newVideoContext(browser, baseURL)).newPage();
  const client = await (await newVideoContext(browser, baseURL)).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client, '/auth/sign-in', seed.clientEmail);

  await test.step('the video data hands out TURN credentials for coturn', async () => {
    const box = (await (await client.request.get('/api/v1/user/slot/videobox')).json()) as {
      ice_servers: { urls: string | string[]; username?: string; credential?: string }[];
    };
    const turnServer = box.ice_servers.find((s) => [s.urls].flat().some((url) => url.startsWith('turn:')));
    expect(turnServer?.username).toMatch(/^\d+:/);
    expect(turnServer?.credential).toBeTruthy();
  });

  await test.step('both join with ?ice=relay', async () => {
    await client.goto('/lk/call?ice=relay');
    await passDeviceCheck(client);
    await therapist.goto(`/therapist/clients/${seed.clientUid}/call?ice=relay`);
    await passDeviceCheck(therapist);
  });

  for (const [who, page] of [
    ['therapist', therapist],
    ['client', client],
  ] as const) {
    await test.step(`the ${who} decodes media over a relay candidate pair`, async () => {
      await expectMediaFlowing(page);
      await expect.poll(() => selectedCandidateTypes(page), { timeout: 10_000 }).toEqual(['relay']);
    });
  }
});
