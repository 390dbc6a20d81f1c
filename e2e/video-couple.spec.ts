import { expect, test } from '@playwright/test';
import {
  expectMediaFlowing,
  expectTracksDecoding,
  newVideoContext,
  passDeviceCheck,
  signIn,
  videoLaunchOptions,
} from './support/video-page.ts';
import { startVideoServer, type TVideoServer } from './support/video-server.ts';

/**
 * Issue 4, a couples session: the therapist and the two clients of the slot (its client and the partner,
 * slots.partner_client_id), each in a browser context of their own, join one call; everyone decodes video from
 * both others (two inbound video tracks with framesDecoded rising) and hears them.
 */

test.use({ launchOptions: videoLaunchOptions });

let server: TVideoServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startVideoServer({ couple: true });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a therapist and a couple, three browsers, each decode video from the two others', async ({ browser }) => {
  test.setTimeout(180_000);
  if (!server) throw new Error('no server');
  const { baseURL, seed } = server;
  const therapist = await (await newVideoContext(browser, baseURL)).newPage();
  const client = await (await newVideoContext(browser, baseURL)).newPage();
  const partner = await (await newVideoContext(browser, baseURL)).newPage();
  await signIn(therapist, '/therapist/auth/sign-in', seed.therapistEmail);
  await signIn(client, '/auth/sign-in', seed.clientEmail);
  await signIn(partner, '/auth/sign-in', seed.partnerEmail ?? '');

  await test.step('all three pass the device check and join', async () => {
    await client.goto('/lk/call');
    await passDeviceCheck(client);
    await partner.goto('/lk/call');
    await passDeviceCheck(partner);
    await therapist.goto(`/therapist/clients/${seed.clientUid}/call`);
    await passDeviceCheck(therapist);
  });

  for (const [who, page] of [
    ['therapist', therapist],
    ['client', client],
    ['partner', partner],
  ] as const) {
    await test.step(`the ${who} decodes video from the two others, and hears them`, async () => {
      await expectTracksDecoding(page, 2);
      await expectMediaFlowing(page, 2);
      await expect(page.getByRole('heading', { name: 'Сессия завершена' })).toBeHidden();
    });
  }
});
