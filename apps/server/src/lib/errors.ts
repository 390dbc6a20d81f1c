import type { TErrorCode } from '@therapy/contract';

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
  internal: 'Что-то пошло не так. Мы уже разбираемся',
};

/** An error a caller can act on: its status and Russian message go out as they are. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: TErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? DEFAULT_MESSAGE[code]);
    this.code = code;
    this.status = STATUS[code];
    this.fields = fields;
  }
}

export function errorBody(code: TErrorCode, message?: string, fields?: Record<string, string>) {
  return { error: { code, message: message ?? DEFAULT_MESSAGE[code], ...(fields ? { fields } : {}) } };
}
