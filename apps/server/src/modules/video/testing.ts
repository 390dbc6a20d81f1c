import {
  type TClientSignalMessage,
  type TServerSignalMessage,
  type TVideoData,
  ZServerSignalMessageSchema,
  ZVideoDataSchema,
} from '@therapy/contract';
import WebSocket from 'ws';
import type { TSlotRow } from '../../db/schema/index.ts';
import { sha256 } from '../../lib/tokens.ts';
import { createClient, createSlot, createTherapist } from '../../seed/factories.ts';
import type { TTestApp } from '../../test/app.ts';
import { sessionOf, type TSession } from '../../test/booking-world.ts';
import { sessionBindingOf, type TJoinClaims } from './join-token.ts';
import { videoWindowOf } from './video-window.ts';

const MINUTE = 60_000;

/**
 * A therapist and a client (and for a couple the partner) with one booked session starting
 * `startsInMs` from now, all signed in.
 */
export async function videoWorld(
  t: TTestApp,
  o: { startsInMs?: number; couple?: boolean; durationMin?: number; status?: TSlotRow['status'] } = {},
) {
  const therapist = await createTherapist(t.ctx.db, { firstName: 'Вера', lastName: 'Лебедева', couple: true });
  const client = await createClient(t.ctx.db, { firstName: 'Анна', lastName: 'Смирнова', signedUp: true });
  const partner = o.couple
    ? await createClient(t.ctx.db, { firstName: 'Павел', lastName: 'Смирнов', signedUp: true })
    : null;
  const slot = await createSlot(t.ctx.db, {
    therapistId: therapist.id,
    clientId: client.id,
    partnerClientId: partner?.id ?? null,
    therapyType: o.couple ? 'couple' : 'single',
    startsAt: new Date(Date.now() + (o.startsInMs ?? 2 * MINUTE)),
    durationMin: o.durationMin ?? 50,
    ...(o.status ? { status: o.status } : {}),
  });
  return {
    therapist,
    client,
    partner,
    slot,
    slotHashid: t.ctx.hashids.encode('slot', slot.id),
    clientUid: t.ctx.hashids.encode('user', client.id),
    therapistUid: t.ctx.hashids.encode('user', therapist.id),
    therapistSession: await sessionOf(t, therapist),
    clientSession: await sessionOf(t, client),
    partnerSession: partner ? await sessionOf(t, partner) : null,
  };
}

/** The video data a signed-in participant gets (the client's box, or the therapist's box of a client). */
export async function videoDataOf(t: TTestApp, session: TSession, clientUid?: string): Promise<TVideoData> {
  const url = clientUid ? `/api/v1/therapist/users/${clientUid}/videobox` : '/api/v1/user/slot/videobox';
  const response = await t.app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  if (response.statusCode !== 200) throw new Error(`videobox: ${response.statusCode} ${response.body}`);
  return ZVideoDataSchema.parse(response.json());
}

type TType = TServerSignalMessage['type'];
type TOf<K extends TType> = Extract<TServerSignalMessage, { type: K }>;

/** A real WebSocket client of the signaling protocol that keeps every message and can wait for the next one. */
export type TSignalClient = {
  ws: WebSocket;
  /** Every message received, in order. */
  all: TServerSignalMessage[];
  send(message: TClientSignalMessage | Record<string, unknown>): void;
  sendRaw(data: string | Buffer, binary?: boolean): void;
  /** The next not yet taken message of this type (waits up to `timeoutMs`). */
  next<K extends TType>(type: K, timeoutMs?: number): Promise<TOf<K>>;
  /** Resolves when the socket closes. */
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
};

/**
 * Opens a socket as a browser would: with the session cookie (`session`, none when null) and an
 * `Origin` (by default the server's own address, as from our pages; null sends none).
 */
export async function connectSignal(
  url: string,
  o: { session?: TSession | null; origin?: string | null } = {},
): Promise<TSignalClient> {
  const origin = o.origin === undefined ? new URL(url.replace(/^ws/, 'http')).origin : o.origin;
  const headers: Record<string, string> = {
    ...(origin !== null ? { origin } : {}),
    ...(o.session ? { cookie: o.session.cookie } : {}),
  };
  const ws = new WebSocket(url, { headers });
  const all: TServerSignalMessage[] = [];
  const unread: TServerSignalMessage[] = [];
  const waiters = new Set<{ type: TType; resolve(message: TServerSignalMessage): void }>();
  ws.on('message', (data) => {
    const message = ZServerSignalMessageSchema.parse(JSON.parse(String(data)));
    all.push(message);
    for (const waiter of waiters) {
      if (waiter.type === message.type) {
        waiters.delete(waiter);
        waiter.resolve(message);
        return;
      }
    }
    unread.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
  });
  ws.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    all,
    send: (message) => ws.send(JSON.stringify(message)),
    sendRaw: (data, binary = false) => ws.send(data, { binary }),
    next<K extends TType>(type: K, timeoutMs = 3000): Promise<TOf<K>> {
      const index = unread.findIndex((m) => m.type === type);
      if (index >= 0) return Promise.resolve(unread.splice(index, 1)[0] as TOf<K>);
      return new Promise((resolve, reject) => {
        const waiter = {
          type,
          resolve: (m: TServerSignalMessage) => {
            clearTimeout(timer);
            resolve(m as TOf<K>);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no '${type}' within ${timeoutMs} ms; got ${JSON.stringify(all.map((m) => m.type))}`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    closed,
    close: () => ws.close(),
  };
}

/** Connects with the session the token was minted for and joins; resolves with the client and its `joined` message. */
export async function joinSignal(url: string, token: string, session: TSession) {
  const client = await connectSignal(url, { session });
  client.send({ type: 'join', token, state: { audio: true, video: true, screen: false } });
  const joined = await client.next('joined');
  return { client, joined };
}

/** Waits a little for messages that must not come. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ws:// address of the signaling socket of a listening app. */
export function signalUrlOf(address: string): string {
  return `${address.replace(/^http/, 'ws')}/api/v1/video/signal`;
}

/** The `sess` claim a join token minted for this signed-in session carries (for tokens signed by hand). */
export const bindingOf = (session: TSession): string => sessionBindingOf(sha256(session.cookie.split('=')[1] ?? ''));

/** What a join token carries besides who and where, for tokens signed by hand in tests: the ids, the slot's window. */
export function roomClaimsOf(
  t: TTestApp,
  slot: Pick<TSlotRow, 'startsAt' | 'durationMin'>,
  ids: { slot: string; uid: string },
): Pick<TJoinClaims, 'slotId' | 'userId' | 'name' | 'tz' | 'at' | 'chat'> {
  const window = videoWindowOf(slot, t.ctx.config);
  return {
    slotId: t.ctx.hashids.decode('slot', ids.slot) ?? 0,
    userId: t.ctx.hashids.decode('user', ids.uid) ?? 0,
    name: 'Анна Смирнова',
    tz: 'Europe/Moscow',
    at: [window.startsAt.getTime(), window.endsAt.getTime(), window.opensAt.getTime(), window.closesAt.getTime()],
    chat: false,
  };
}
