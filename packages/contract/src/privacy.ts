import { z } from 'zod';
import { ZInstantSchema } from './instant.ts';

/**
 * What an audit entry records: reads of a client's data by someone else, and changes of roles,
 * consents, payments and sessions. The label is what the client reads in «Кто видел мои данные».
 */
export const AUDIT_ACTIONS = {
  client_page: { kind: 'read', label: 'Открыл(а) вашу карточку клиента: анкету, сессии и записи после сессий' },
  business_employees: { kind: 'read', label: 'Просмотрел(а) список сотрудников с вашим использованием сервиса' },
  business_report: { kind: 'read', label: 'Скачал(а) отчёт по сотрудникам с вашим использованием сервиса' },
  consent_accepted: { kind: 'change', label: 'Согласие принято' },
  payment_completed: { kind: 'change', label: 'Оплата прошла' },
  payment_cancelled: { kind: 'change', label: 'Оплата отменена' },
  payment_refunded: { kind: 'change', label: 'Деньги возвращены' },
  payment_card_deleted: { kind: 'change', label: 'Сохранённая карта удалена' },
  session_ended: { kind: 'change', label: 'Сеанс входа завершён' },
  password_changed: { kind: 'change', label: 'Пароль изменён' },
} as const satisfies Record<string, { kind: 'read' | 'change'; label: string }>;
export type TAuditAction = keyof typeof AUDIT_ACTIONS;
export const ZAuditActionSchema = z.enum(Object.keys(AUDIT_ACTIONS) as [TAuditAction, ...TAuditAction[]]);

/** Who read the data, as the client may know them: their therapist by name, an employer by company name. */
export const ZAuditViewerSchema = z.object({
  kind: z.enum(['therapist', 'business_account', 'staff']),
  /** The therapist's full name or the company's name; empty for support (and for a name since erased). */
  name: z.string(),
});

/** One read of the client's data by someone else. */
export const ZDataViewSchema = z.object({
  at: ZInstantSchema,
  viewer: ZAuditViewerSchema,
  action: ZAuditActionSchema,
  label: z.string(),
});
export type TDataView = z.infer<typeof ZDataViewSchema>;

/** GET /api/v1/user/data_views: the latest reads of the client's data, newest first. */
export const ZDataViewsResponseSchema = z.object({ views: z.array(ZDataViewSchema) });
export type TDataViewsResponse = z.infer<typeof ZDataViewsResponseSchema>;
