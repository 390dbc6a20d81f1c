import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TDatabase } from '../../db/client.ts';
import { clientPasses, slots } from '../../db/schema/index.ts';
import { findJobs } from '../../lib/jobs.ts';
import { createClient, createClientPass, createPass, createSlot, createTherapist } from '../../seed/factories.ts';
import { testDatabase } from '../../test/database.ts';
import { bookHeldSlot } from './book-held-slot.ts';

let database: TDatabase;
beforeAll(async () => {
  database = await testDatabase();
});

async function heldSlotWithPass(sessionsLeft = 2) {
  const { db } = database;
  const client = await createClient(db);
  const therapist = await createTherapist(db);
  const pass = await createPass(db);
  const clientPass = await createClientPass(db, { userId: client.id, passId: pass.id, sessionsTotal: 4, sessionsLeft });
  const startsAt = new Date(Date.now() + 3 * 86_400_000);
  const slot = await createSlot(db, {
    therapistId: therapist.id,
    clientId: client.id,
    startsAt,
    status: 'held',
    holdExpiresAt: new Date(Date.now() + 600_000),
  });
  return { client, clientPass, slot };
}

describe('bookHeldSlot', () => {
  it('books the held slot, spends one session and schedules the confirmation and reminders', async () => {
    const { client, clientPass, slot } = await heldSlotWithPass();
    const result = await database.db.transaction((tx) =>
      bookHeldSlot(tx, { slotId: slot.id, clientId: client.id, clientPassId: clientPass.id }),
    );
    expect(result).toEqual({ booked: true });
    const [after] = await database.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(after).toMatchObject({ status: 'booked', clientPassId: clientPass.id, holdExpiresAt: null });
    const [pass] = await database.db.select().from(clientPasses).where(eq(clientPasses.id, clientPass.id));
    expect(pass?.sessionsLeft).toBe(1);
    const scheduled = await findJobs({ payload: { slot_id: slot.id } });
    expect(scheduled.map((j) => j.kind).sort()).toEqual([
      'email.booking_confirmed',
      'email.reminder',
      'email.reminder',
      'email.therapist_reminder',
      'email.therapist_reminder',
    ]);
  });

  it('marks the pass used up when its last session is spent', async () => {
    const { client, clientPass, slot } = await heldSlotWithPass(1);
    await bookHeldSlot(database.db, { slotId: slot.id, clientId: client.id, clientPassId: clientPass.id });
    const [pass] = await database.db.select().from(clientPasses).where(eq(clientPasses.id, clientPass.id));
    expect(pass).toMatchObject({ sessionsLeft: 0, status: 'used_up' });
  });

  it('books nothing from an empty pass and leaves the hold as it was', async () => {
    const { client, clientPass, slot } = await heldSlotWithPass(0);
    const result = await bookHeldSlot(database.db, {
      slotId: slot.id,
      clientId: client.id,
      clientPassId: clientPass.id,
    });
    expect(result).toEqual({ booked: false, reason: 'no_sessions_left' });
    const [after] = await database.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(after?.status).toBe('held');
  });

  it("refuses another client's slot and a slot booked already", async () => {
    const { client, clientPass, slot } = await heldSlotWithPass();
    const stranger = await createClient(database.db);
    expect(
      await bookHeldSlot(database.db, { slotId: slot.id, clientId: stranger.id, clientPassId: clientPass.id }),
    ).toEqual({
      booked: false,
      reason: 'not_held',
    });
    await bookHeldSlot(database.db, { slotId: slot.id, clientId: client.id, clientPassId: clientPass.id });
    expect(
      await bookHeldSlot(database.db, { slotId: slot.id, clientId: client.id, clientPassId: clientPass.id }),
    ).toEqual({
      booked: false,
      reason: 'not_held',
    });
    const [pass] = await database.db.select().from(clientPasses).where(eq(clientPasses.id, clientPass.id));
    expect(pass?.sessionsLeft).toBe(1);
  });
});
