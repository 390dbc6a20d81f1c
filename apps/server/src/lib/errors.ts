import type { TErrorCode, TScheduleClash } from '@therapy/contract';

/** What an error body may carry beside code, message and fields. */
export type TErrorExtra = { clashes?: TScheduleClash[] };

const STATUS: Record<TErrorCode, number> = {
  malformed_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  csrf_invalid: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  invalid_credentials: 401,
  email_taken: 409,
  weak_password: 422,
  consent_required: 422,
  consent_pending: 403,
  captcha_required: 422,
  captcha_failed: 422,
  slot_taken: 409,
  slot_unavailable: 422,
  hold_expired: 409,
  too_late: 409,
  pass_required: 409,
  payment_failed: 502,
  amount_mismatch: 409,
  promocode_invalid: 422,
  promocode_blocked: 403,
  unavailable: 503,
  gone: 410,
  internal: 500,
};

const DEFAULT_MESSAGE: Record<TErrorCode, string> = {
  malformed_request: 'Некорректный запрос',
  validation_failed: 'Проверьте правильность заполнения полей',
  unauthorized: 'Войдите в аккаунт, чтобы продолжить',
  forbidden: 'Недостаточно прав для этого действия',
  csrf_invalid: 'Сессия устарела: обновите страницу и повторите действие',
  not_found: 'Не найдено',
  conflict: 'Конфликт с текущим состоянием данных',
  rate_limited: 'Слишком много попыток, попробуйте позже',
  invalid_credentials: 'Неверный e-mail или пароль',
  email_taken: 'Этот e-mail уже зарегистрирован',
  weak_password: 'Этот пароль слишком распространён, выберите другой',
  consent_required: 'Нужно согласие на обработку персональных данных',
  consent_pending: 'Условия обновились: прочитайте и примите новую версию согласия, чтобы продолжить',
  captcha_required: 'Подтвердите, что вы не робот: пройдите проверку в форме и отправьте её снова',
  captcha_failed: 'Проверка «Я не робот» не пройдена: пройдите её ещё раз и отправьте форму снова',
  slot_taken: 'Это время уже занято',
  slot_unavailable: 'Это время недоступно для записи: выберите другое',
  hold_expired: 'Время удержания истекло: выберите время заново',
  too_late: 'Слишком поздно для этого действия',
  pass_required: 'Чтобы записаться, купите абонемент',
  payment_failed: 'Платёжная система сейчас недоступна, попробуйте ещё раз через минуту',
  amount_mismatch: 'Цена изменилась: обновите страницу и проверьте сумму',
  promocode_invalid: 'Промокод не подходит',
  promocode_blocked: 'Сотруднику запрещено использовать любой промокод',
  unavailable: 'Сервис временно недоступен. Повторите попытку через минуту',
  gone: 'Этого больше нет: срок хранения истёк',
  internal: 'Что-то пошло не так. Мы уже разбираемся',
};

/** An error a caller can act on: its status and Russian message go out as they are. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly extra: TErrorExtra | undefined;

  constructor(code: TErrorCode, message?: string, fields?: Record<string, string>, extra?: TErrorExtra) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.code = code;
    this.status = STATUS[code];
    this.fields = fields;
    this.extra = extra;
  }
}

/** The HTTP status every answer with this code carries. */
export const errorStatus = (code: TErrorCode): number => STATUS[code];

export function errorBody(code: TErrorCode, message?: string, fields?: Record<string, string>, extra?: TErrorExtra) {
  return { error: { code, message: message ?? DEFAULT_MESSAGE[code], ...(fields ? { fields } : {}), ...extra } };
}
