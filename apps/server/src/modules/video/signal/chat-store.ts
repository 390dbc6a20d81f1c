import type { TChatMessage } from '@therapy/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../../context.ts';
import { users, videoChatMessages } from '../../../db/schema/index.ts';
import type { TParticipant } from './authorize-join.ts';

/** How much of the chat a (re)joining participant gets back. */
const HISTORY_LIMIT = 500;

type TRow = { message: typeof videoChatMessages.$inferSelect; firstName: string; lastName: string };

const present = (ctx: TAppContext, row: TRow): TChatMessage => ({
  id: row.message.publicId,
  from_uid: ctx.hashids.encode('user', row.message.senderId),
  name: `${row.firstName} ${row.lastName}`.trim(),
  text: row.message.text,
  sent_at: row.message.sentAt.toISOString(),
  client_id: row.message.clientId,
});

function selectMessages(ctx: TAppContext) {
  return ctx.db
    .select({ message: videoChatMessages, firstName: users.firstName, lastName: users.lastName })
    .from(videoChatMessages)
    .innerJoin(users, eq(users.id, videoChatMessages.senderId));
}

/** Stores a chat line; the same client_id from the same person (a resend after a reconnect) is stored once. */
export async function saveChatMessage(
  ctx: TAppContext,
  from: TParticipant,
  text: string,
  clientId: string,
): Promise<TChatMessage> {
  await ctx.db
    .insert(videoChatMessages)
    .values({ slotId: from.slotId, senderId: from.userId, clientId, text })
    .onConflictDoNothing();
  const [row] = await selectMessages(ctx).where(
    and(
      eq(videoChatMessages.slotId, from.slotId),
      eq(videoChatMessages.senderId, from.userId),
      eq(videoChatMessages.clientId, clientId),
    ),
  );
  if (!row) throw new Error('chat message not stored');
  return present(ctx, row);
}

/** The session's chat in the order it was written (the latest HISTORY_LIMIT lines). */
export async function loadChatHistory(ctx: TAppContext, slotId: number): Promise<TChatMessage[]> {
  const rows = await selectMessages(ctx)
    .where(eq(videoChatMessages.slotId, slotId))
    .orderBy(desc(videoChatMessages.id))
    .limit(HISTORY_LIMIT);
  return rows.reverse().map((row) => present(ctx, row));
}

/** Whether the session's chat has any line (a join token says so, so a join reads the history only then). */
export async function hasChatLines(ctx: TAppContext, slotId: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: videoChatMessages.id })
    .from(videoChatMessages)
    .where(eq(videoChatMessages.slotId, slotId))
    .limit(1);
  return Boolean(row);
}
