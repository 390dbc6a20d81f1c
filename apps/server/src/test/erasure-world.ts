import { randomBytes } from 'node:crypto';
import { CONSENT_VERSION, ZClientSlotSchema } from '@therapy/contract';
import { eq } from 'drizzle-orm';
import {
  appliedPromocodes,
  clientProfiles,
  dataExports,
  passPurchases,
  paymentCards,
  paymentEvents,
  promocodes,
  slots,
  therapistSuggestions,
  users,
  videoCallMetrics,
  videoChatMessages,
  videoConnectionReports,
  videoEvents,
  videoParticipants,
  videoRatings,
} from '../db/schema/index.ts';
import { runDueJobs, scheduleJob } from '../lib/jobs.ts';
import { notesKeyring } from '../lib/notes-crypto.ts';
import { dataExportJobHandlers } from '../modules/data-export/job-handlers.ts';
import { sealForm } from '../modules/video/sealed-notes.ts';
import {
  createBusiness,
  createBusinessAccount,
  createClientPass,
  createEmployee,
  createPass,
  createSlot,
  createTherapist,
  DEMO_PASSWORD,
  setTherapistSchedule,
} from '../seed/factories.ts';
import type { TTestApp } from './app.ts';
import { sessionCookieOf } from './app.ts';
import { ALL_WEEK, localHour, sessionOf } from './booking-world.ts';

const DAY = 86_400_000;
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A client who has everything the platform can hold about a person: signed up (consents, an
 * address and a browser), answers and suggestions, a pass, a payment and its provider event, a
 * saved card, a promo code, an employer, a past session with a chat, a rating, the therapist's
 * note and call logs, a session cancelled with their own words, one booked ahead, a mail queued
 * to them, and a therapist who opened their page. `needles` are the distinctive values they gave,
 * to look for everywhere afterwards.
 */
export async function clientWithEverything(t: TTestApp) {
  const tag = hex(4);
  const email = `erasure-probe-${tag}@example.test`;
  const firstName = `Эрастина${tag}`;
  const lastName = `Стиркина${tag}`;
  const ip = `2001:db8:e7a5:${hex(2)}::${hex(2)}`;
  const userAgent = `ErasureProbeBrowser/${tag}`;
  const origin = { remoteAddress: ip, headers: { 'user-agent': userAgent } };

  const signedUp = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/sign_up',
    ...origin,
    payload: {
      email,
      password: DEMO_PASSWORD,
      first_name: firstName,
      tz: 'Asia/Vladivostok',
      consent: true,
      consent_version: CONSENT_VERSION,
    },
  });
  if (signedUp.statusCode !== 200) throw new Error(`sign-up: ${signedUp.body}`);
  const cookie = sessionCookieOf(signedUp);
  const csrf = signedUp.json<{ csrf_token: string }>().csrf_token;
  const headers = { cookie, 'x-csrf-token': csrf, 'user-agent': userAgent };
  const [client] = await t.ctx.db
    .update(users)
    .set({ lastName, signedUp: true, language: 'ru' })
    .where(eq(users.email, email))
    .returning();
  if (!client) throw new Error('no client');
  const db = t.ctx.db;

  const therapist = await createTherapist(db, { couple: false });
  await setTherapistSchedule(db, therapist.id, { rules: ALL_WEEK });
  const pass = await createPass(db);
  const clientPass = await createClientPass(db, { userId: client.id, passId: pass.id, sessionsTotal: 4 });
  await db
    .insert(clientProfiles)
    .values({ userId: client.id, age: 33, therapyType: 'single', topicCodes: ['anxiety'], step: 'done' });
  await db
    .insert(therapistSuggestions)
    .values({ userId: client.id, therapistId: therapist.id, rank: 1, score: 0.9, reasons: ['Работает с тревогой'] });

  const [purchase] = await db
    .insert(passPurchases)
    .values({
      userId: client.id,
      passId: pass.id,
      clientPassId: clientPass.id,
      status: 'completed',
      currency: 'rub',
      amount: pass.priceRub,
      amountPaid: pass.priceRub,
      provider: 'sandbox',
      paymentMethodKey: 'card',
      providerRef: `erasure-ref-${tag}`,
      idempotencyKey: `erasure-key-${tag}`,
      completedAt: new Date(),
    })
    .returning();
  if (!purchase) throw new Error('no purchase');
  // A checkout opened and not paid yet.
  const pendingPass = await createClientPass(db, {
    userId: client.id,
    passId: pass.id,
    status: 'pending_purchase',
    sessionsTotal: 4,
  });
  const [pendingPurchase] = await db
    .insert(passPurchases)
    .values({
      userId: client.id,
      passId: pass.id,
      clientPassId: pendingPass.id,
      currency: 'rub',
      amount: pass.priceRub,
      amountPaid: pass.priceRub,
      provider: 'sandbox',
      paymentMethodKey: 'card',
      providerRef: `erasure-pending-${tag}`,
      idempotencyKey: `erasure-pending-key-${tag}`,
    })
    .returning();
  const payerNote = `payer-${tag}`;
  await db.insert(paymentEvents).values({
    provider: 'sandbox',
    eventId: `erasure-event-${tag}`,
    kind: 'payment.succeeded',
    purchaseId: purchase.id,
    payload: { customer_email: email, note: payerNote },
  });
  const cardToken = `tok_erasure_${tag}`;
  await db.insert(paymentCards).values({
    userId: client.id,
    paymentMethodKey: 'card',
    provider: 'sandbox',
    providerToken: cardToken,
    brand: 'visa',
    cardLast: '4242',
  });
  const [code] = await db
    .insert(promocodes)
    .values({ code: `ERASE${tag}`, kind: 'percent', percentOff: 10, description: 'Скидка 10%' })
    .returning();
  if (code) await db.insert(appliedPromocodes).values({ userId: client.id, promocodeId: code.id });

  const account = await createBusinessAccount(db);
  const business = await createBusiness(db, { accountUserId: account.id });
  await createEmployee(db, {
    businessId: business.id,
    userId: client.id,
    email,
    firstName,
    lastName,
    usageConsentAt: new Date(),
  });

  // A past session with everything a call leaves behind.
  const past = await createSlot(db, {
    therapistId: therapist.id,
    clientId: client.id,
    startsAt: new Date(Date.now() - 10 * DAY),
    status: 'completed',
    clientPassId: clientPass.id,
  });
  const chatText = `чат-${tag}`;
  const ratingComment = `отзыв-${tag}`;
  const noteText = `заметка-${tag}`;
  const logMessage = `лог-${tag}`;
  await db.insert(videoParticipants).values([
    { slotId: past.id, userId: client.id, firstJoinedAt: past.startsAt, deviceDetectionSuccess: true },
    { slotId: past.id, userId: therapist.id, firstJoinedAt: past.startsAt },
  ]);
  await db
    .insert(videoChatMessages)
    .values({ slotId: past.id, senderId: client.id, clientId: `m-${tag}`, text: chatText });
  await db.insert(videoRatings).values({ slotId: past.id, userId: client.id, rating: 5, comment: ratingComment });
  await db.insert(videoConnectionReports).values({
    slotId: past.id,
    therapistId: therapist.id,
    sealedForm: sealForm(notesKeyring(t.ctx.config), past.id, { types: ['good'], comment: noteText }),
  });
  await db.insert(videoEvents).values({
    slotId: past.id,
    userId: client.id,
    source: 'client_log',
    type: 'device_check',
    level: 'error',
    message: logMessage,
    data: { ua: userAgent },
  });
  await db.insert(videoCallMetrics).values({ slotId: past.id, userId: client.id, peerUserId: therapist.id, rttMs: 40 });

  // A session the client cancelled in their own words.
  const cancelReason = `причина-${tag}`;
  const cancelledSlot = await createSlot(db, {
    therapistId: therapist.id,
    clientId: client.id,
    startsAt: new Date(Date.now() - 5 * DAY),
    status: 'cancelled',
  });
  await db.update(slots).set({ cancelReason, cancelledAt: new Date() }).where(eq(slots.id, cancelledSlot.id));

  // One booked ahead from the pass, through the API, as the client books.
  const therapistHashid = t.ctx.hashids.encode('user', therapist.id);
  const held = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/slots',
    ...origin,
    headers,
    payload: {
      therapist_id: therapistHashid,
      starts_at: localHour('Europe/Moscow', 4, 10).toISOString(),
      therapy_type: 'single',
    },
  });
  if (held.statusCode !== 200) throw new Error(`hold: ${held.body}`);
  const futureHashid = ZClientSlotSchema.parse(held.json()).id;
  const booked = await t.app.inject({
    method: 'POST',
    url: `/api/v1/user/slots/${futureHashid}/book`,
    ...origin,
    headers,
  });
  if (booked.statusCode !== 200) throw new Error(`book: ${booked.body}`);
  const futureSlotId = t.ctx.hashids.decode('slot', futureHashid) ?? 0;

  // A mail to them waiting in the queue, and their therapist reading their page.
  await scheduleJob(db, {
    kind: 'email.send',
    dedupeKey: `erasure-mail-${tag}`,
    payload: { mail: { to: email, subject: 'Напоминание', text: `Здравствуйте, ${firstName}!`, html: '' } },
  });
  const therapistSession = await sessionOf(t, therapist);
  const read = await t.app.inject({
    method: 'GET',
    url: `/api/v1/therapist/users/${t.ctx.hashids.encode('user', client.id)}`,
    headers: therapistSession.headers,
  });
  if (read.statusCode !== 200) throw new Error(`client page: ${read.body}`);

  // An archive of their data, built: a copy of everything above, in the file store.
  const asked = await t.app.inject({ method: 'POST', url: '/api/v1/user/data_exports', headers });
  if (asked.statusCode !== 200) throw new Error(`data export: ${asked.body}`);
  await runDueJobs({ 'privacy.build_data_export': dataExportJobHandlers(t.ctx)['privacy.build_data_export'] });
  const [archive] = await db.select().from(dataExports).where(eq(dataExports.userId, client.id));
  if (!archive?.fileKey) throw new Error('data export: no archive built');

  return {
    exportFileKey: archive.fileKey,
    client,
    therapist,
    therapistSession,
    clientPass,
    purchase,
    pendingPurchase,
    pastSlotId: past.id,
    futureSlotId,
    origin,
    headers,
    email,
    needles: {
      email,
      emailLocalPart: email.split('@')[0] ?? email,
      firstName,
      lastName,
      ip,
      userAgent,
      chatText,
      ratingComment,
      logMessage,
      cancelReason,
      cardToken,
      payerNote,
    },
  };
}
