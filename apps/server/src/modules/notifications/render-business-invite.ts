import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { businesses, employees } from '../../db/schema/index.ts';
import { mailBody } from './layout.ts';
import type { TMail } from './mailer.ts';

/** The invitation to a new employee; null when the employee is gone or already signed up. */
export async function renderBusinessInvite(
  db: TDb,
  employeeId: number,
  options: { publicUrl?: string } = {},
): Promise<TMail | null> {
  const [row] = await db
    .select({ employee: employees, business: businesses })
    .from(employees)
    .innerJoin(businesses, eq(businesses.id, employees.businessId))
    .where(eq(employees.id, employeeId));
  if (!row || row.employee.userId !== null) return null;
  return {
    to: row.employee.email,
    subject: `${row.business.name} оплачивает вам сессии с психологом`,
    ...mailBody([
      'Здравствуйте!',
      `${row.business.name} подключила вас к программе психологической поддержки: компания оплачивает ваши сессии с психологом.`,
      `Зарегистрируйтесь с этим адресом (${row.employee.email}), чтобы подобрать психолога и записаться.`,
      'Работодатель не видит, с кем и о чём вы говорите. При регистрации вы сами решите, показывать ли ему число ваших сессий.',
      options.publicUrl
        ? `Регистрация: ${new URL(`/auth/sign-up?invite=employer&email=${encodeURIComponent(row.employee.email)}`, options.publicUrl).toString()}`
        : null,
    ]),
  };
}
