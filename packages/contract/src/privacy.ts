import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';
import { ZInstantSchema } from './instant.ts';

/**
 * What an audit entry records: reads of a client's data by someone else, and changes of roles,
 * consents, payments and sessions. The label is what the client reads in «Кто видел мои данные».
 */
export const AUDIT_ACTIONS = {
  client_page: { kind: 'read', label: 'Открыл(а) вашу карточку клиента: анкету, сессии и записи после сессий' },
  business_employees: { kind: 'read', label: 'Просмотрел(а) список сотрудников с вашим использованием сервиса' },
  business_report: { kind: 'read', label: 'Скачал(а) отчёт по сотрудникам с вашим использованием сервиса' },
  client_call: { kind: 'read', label: 'Открыл(а) видеосессию с вами: её время и ваше имя' },
  client_session_form: { kind: 'read', label: 'Открыл(а) запись о сессии: как вы подключились и комментарий' },
  staff_audit_read: { kind: 'read', label: 'Прочитал(а) журнал действий с вашими данными' },
  consent_accepted: { kind: 'change', label: 'Согласие принято' },
  consent_withdrawn: { kind: 'change', label: 'Согласие отозвано' },
  payment_started: { kind: 'change', label: 'Начата оплата абонемента' },
  payment_completed: { kind: 'change', label: 'Оплата прошла' },
  payment_cancelled: { kind: 'change', label: 'Оплата отменена' },
  payment_refunded: { kind: 'change', label: 'Деньги возвращены' },
  payment_card_deleted: { kind: 'change', label: 'Сохранённая карта удалена' },
  session_ended: { kind: 'change', label: 'Сеанс входа завершён' },
  password_changed: { kind: 'change', label: 'Пароль изменён' },
  data_exported: { kind: 'read', label: 'Скачан архив «Мои данные»' },
  account_erased: { kind: 'change', label: 'Аккаунт удалён' },
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

/**
 * The consent texts a client gives, each with its version: a new version of a text the client
 * accepted asks again at the next sign-in, before anything else. `required` ones are needed for
 * the service (a client cannot use it without them); the others can be withdrawn at any time.
 * Bump a version when its text changes.
 */
export const CONSENT_TEXTS = {
  health_data: {
    version: '2026-11-01',
    required: true,
    title: 'Обработка персональных данных и данных о здоровье',
    text: 'Я соглашаюсь на обработку моих персональных данных и данных о здоровье (ответы анкеты, сессии, записи психолога) для подбора психолога и проведения сессий (152-ФЗ, ст. 10; GDPR, ст. 9).',
    withdrawal: null,
  },
  offer: {
    version: '2026-11-01',
    required: true,
    title: 'Публичная оферта',
    text: 'Я принимаю условия публичной оферты: порядок оплаты, отмены и переноса сессий, возврата денег.',
    withdrawal: null,
  },
  share_with_therapist: {
    version: '2026-11-01',
    required: true,
    title: 'Передача ответов анкеты психологу',
    text: 'Я соглашаюсь, что мой психолог видит мои ответы анкеты и историю наших сессий.',
    withdrawal: null,
  },
  employer_usage: {
    version: '2026-11-01',
    required: false,
    title: 'Работодатель видит, сколько я пользуюсь сервисом',
    text: 'Если я пришёл(а) по приглашению работодателя, он видит число моих сессий и расходы — никогда имя психолога, время сессий, темы или ответы.',
    withdrawal:
      'Работодатель перестанет видеть число ваших сессий и расходы: в его отчётах ваши ячейки станут пустыми. Оплата сессий по программе работодателя не изменится.',
  },
} as const satisfies Record<
  string,
  { version: string; required: boolean; title: string; text: string; withdrawal: string | null }
>;
export type TConsentKind = keyof typeof CONSENT_TEXTS;
export const CONSENT_KINDS = Object.keys(CONSENT_TEXTS) as TConsentKind[];
export const ZConsentKindSchema = z.enum(CONSENT_KINDS as [TConsentKind, ...TConsentKind[]]);

/** One consent as the client stands with it. */
export const ZConsentSchema = z.object({
  kind: ZConsentKindSchema,
  title: z.string(),
  text: z.string(),
  /** The current version of the text. */
  version: z.string(),
  required: z.boolean(),
  /** What the client accepted last (maybe an older version), or null (never, or withdrawn). */
  accepted: z.object({ version: z.string(), at: ZInstantSchema }).nullable(),
  /** A required text the client has not accepted in its current version: asked before anything else. */
  needs_acceptance: z.boolean(),
  /** What follows from withdrawing it; null for a consent that cannot be withdrawn. */
  withdrawal: z.string().nullable(),
});
export type TConsent = z.infer<typeof ZConsentSchema>;

/** GET /api/v1/user/consents: the consents that concern the client (the employer's view only for an invited employee). */
export const ZConsentsResponseSchema = z.object({ consents: z.array(ZConsentSchema) });
export type TConsentsResponse = z.infer<typeof ZConsentsResponseSchema>;

/** POST /api/v1/user/consents: accept these texts in the versions shown (a stale version is refused). */
export const ZAcceptConsentsRequestSchema = z.object({
  accept: z
    .array(z.object({ kind: ZConsentKindSchema, version: z.string().max(32) }))
    .min(1, { error: 'Выберите, с чем вы соглашаетесь' })
    .max(10),
});
export type TAcceptConsentsRequest = z.infer<typeof ZAcceptConsentsRequestSchema>;

export const ZConsentKindParamsSchema = z.object({ kind: ZConsentKindSchema });

/**
 * POST /api/v1/user/erase: the client deletes their account, confirmed with their password. Future
 * sessions are cancelled by the cancellation policy, personal and health data are deleted or
 * irreversibly pseudonymised; what is kept, and why, is the retention list (README, Privacy).
 */
export const ZEraseAccountRequestSchema = z.object({
  password: z.string({ error: 'Укажите пароль' }).min(1, { error: 'Укажите пароль' }).max(PASSWORD_MAX_LENGTH),
});
export type TEraseAccountRequest = z.infer<typeof ZEraseAccountRequestSchema>;

/** The account is gone (the session with it): how many future sessions were cancelled, and of them returned to a pass. */
export const ZEraseAccountResponseSchema = z.object({
  erased: z.literal(true),
  cancelled_sessions: z.number().int().nonnegative(),
  returned_sessions: z.number().int().nonnegative(),
});
export type TEraseAccountResponse = z.infer<typeof ZEraseAccountResponseSchema>;
