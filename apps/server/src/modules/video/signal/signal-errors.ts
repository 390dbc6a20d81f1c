import { SIGNAL_CLOSE_CODES, type TSignalErrorCode } from '@therapy/contract';

/** The Russian text of each signaling error, shown to the person as it is. */
export const SIGNAL_ERROR_MESSAGES: Record<TSignalErrorCode, string> = {
  join_required: 'Сначала подключитесь к видеосессии',
  invalid_token: 'Ссылка на видеосессию недействительна. Обновите страницу',
  token_expired: 'Ссылка на видеосессию устарела. Обновите страницу',
  not_participant: 'Вы не участник этой сессии',
  signed_out: 'Вы вышли из аккаунта или сеанс истёк. Войдите снова, чтобы подключиться к видеосессии',
  too_early: 'Сессия ещё не началась',
  too_late: 'Время сессии закончилось',
  session_ended: 'Сессия завершена',
  session_unavailable: 'Сессия отменена или перенесена',
  already_joined: 'Вы уже подключены к видеосессии',
  malformed: 'Некорректное сообщение',
  unknown_type: 'Неизвестный тип сообщения',
  too_large: 'Слишком большое сообщение',
  rate_limited: 'Слишком много сообщений. Подключитесь заново',
  forbidden: 'Завершить сессию может только психолог',
  unavailable: 'Видеосвязь временно недоступна. Подключаемся заново',
  internal: 'Что-то пошло не так. Подключаемся заново',
};

/** A refusal: the error sent to the socket and, when it is final, the close code that follows. */
export type TSignalFailure = { code: TSignalErrorCode; message: string; close: number | null };

const CLOSE_OF: Partial<Record<TSignalErrorCode, number>> = {
  join_required: SIGNAL_CLOSE_CODES.join_required,
  invalid_token: SIGNAL_CLOSE_CODES.forbidden,
  not_participant: SIGNAL_CLOSE_CODES.forbidden,
  signed_out: SIGNAL_CLOSE_CODES.forbidden,
  token_expired: SIGNAL_CLOSE_CODES.token_expired,
  too_early: SIGNAL_CLOSE_CODES.room_closed,
  too_late: SIGNAL_CLOSE_CODES.room_closed,
  session_ended: SIGNAL_CLOSE_CODES.room_closed,
  session_unavailable: SIGNAL_CLOSE_CODES.room_closed,
  too_large: SIGNAL_CLOSE_CODES.too_large,
  rate_limited: SIGNAL_CLOSE_CODES.rate_limited,
  unavailable: SIGNAL_CLOSE_CODES.try_again_later,
  internal: SIGNAL_CLOSE_CODES.internal,
};

export function signalFailure(code: TSignalErrorCode, message?: string): TSignalFailure {
  return { code, message: message ?? SIGNAL_ERROR_MESSAGES[code], close: CLOSE_OF[code] ?? null };
}
