import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { users } from '../../db/schema/index.ts';
import { pickLanguage, type TLanguage } from '../../lib/i18n/language.ts';

/** The language a mail to this address is written in: the user's saved choice, else Russian (also for non-users). */
export async function recipientLanguage(db: TAppContext['db'], email: string): Promise<TLanguage> {
  const [row] = await db
    .select({ language: users.language })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return pickLanguage(row?.language, undefined);
}
