import { formatMoney } from '@therapy/contract/rules';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { clientPasses, passes, passPurchases, users } from '../../db/schema/index.ts';
import type { THashids } from '../../lib/ids.ts';
import { countRu, SESSIONS } from '../../lib/plural.ts';
import { formatDateTime } from '../../lib/time.ts';
import { mailBody, THERAPY_TYPE_RU } from './layout.ts';
import type { TMail } from './mailer.ts';
import { capitalize, pageLine, type TMailLinks } from './slot-mail-parts.ts';

/** The therapist's level as the catalog names it: a pass pays only for sessions with therapists of its level. */
const TIER_RU = { standard: 'Психолог', senior: 'Опытный психолог', expert: 'Эксперт' } as const;

/** The receipt for a completed pass purchase; null when the purchase is unknown or not completed. */
export async function renderPaymentReceipt(
  db: TDb,
  hashids: THashids,
  purchaseId: number,
  links: TMailLinks,
): Promise<TMail | null> {
  const [row] = await db
    .select({ purchase: passPurchases, pass: passes, client: users, expiresAt: clientPasses.expiresAt })
    .from(passPurchases)
    .innerJoin(passes, eq(passes.id, passPurchases.passId))
    .innerJoin(users, eq(users.id, passPurchases.userId))
    .leftJoin(clientPasses, eq(clientPasses.id, passPurchases.clientPassId))
    .where(eq(passPurchases.id, purchaseId));
  if (row?.purchase.status !== 'completed') return null;
  const { purchase, pass, client } = row;
  const paid = formatMoney(purchase.amountPaid, purchase.currency);
  const discount = purchase.amount - purchase.amountPaid;
  return {
    to: client.email,
    subject: `Оплата получена: ${paid}`,
    ...mailBody([
      `Здравствуйте, ${client.firstName || 'уважаемый клиент'}!`,
      'Спасибо! Мы получили оплату абонемента.',
      `Абонемент: ${capitalize(THERAPY_TYPE_RU[pass.therapyType])}, ${countRu(pass.sessionsCount, SESSIONS)}.`,
      `Уровень психолога: «${TIER_RU[pass.tier]}». Абонемент оплачивает сессии только с психологами этого уровня.`,
      discount > 0
        ? `Сумма: ${paid} (полная цена ${formatMoney(purchase.amount, purchase.currency)}, скидка по промокоду ${formatMoney(discount, purchase.currency)}).`
        : `Сумма: ${paid}.`,
      `Дата оплаты: ${formatDateTime(purchase.completedAt ?? purchase.createdAt, client.tz)}.`,
      row.expiresAt ? `Абонемент действует до ${formatDateTime(row.expiresAt, client.tz)}.` : null,
      `Номер покупки: ${hashids.encode('purchase', purchase.id)}.`,
      pageLine('Абонементы', '/lk/passes', links),
    ]),
  };
}
