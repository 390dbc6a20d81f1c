import { escapeHtml, formatDateTime, formatMoney, timeZoneLabel } from '@therapy/contract/rules';
import type { TClientData } from './collect-client-data.ts';

const STATUS_RU: Record<string, string> = {
  held: 'время удерживается',
  booked: 'запланирована',
  completed: 'проведена',
  cancelled: 'отменена',
  late_cancelled: 'отменена поздно (списана)',
  missed: 'пропущена',
  rescheduled: 'перенесена',
  expired: 'не подтверждена',
  pending_purchase: 'ожидает оплаты',
  active: 'действует',
  used_up: 'израсходован',
  pending: 'ожидает оплаты',
  refunded: 'деньги возвращены',
  failed: 'не прошла',
  accepted: 'принято',
  withdrawn: 'отозвано',
};
const THERAPY_RU: Record<string, string> = { single: 'индивидуальная', couple: 'парная' };
const CONSENT_RU: Record<string, string> = {
  health_data: 'Обработка персональных данных и данных о здоровье',
  offer: 'Публичная оферта',
  share_with_therapist: 'Передача ответов анкеты психологу',
  employer_usage: 'Работодатель видит, сколько я пользуюсь сервисом',
};
const ACTOR_RU: Record<string, string> = {
  me: 'Вы',
  therapist: 'Психолог',
  business_account: 'Работодатель',
  staff: 'Служба поддержки',
  system: 'Система',
  client: 'Клиент',
  anonymous: 'Без входа',
};

/** Inline styles only: the file opens from disk with no network, and its CSP forbids anything else. */
const STYLE = `
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2a2c;margin:0;background:#f6f7f5}
main{max-width:960px;margin:0 auto;padding:24px 16px 48px}
h1{font-size:28px;margin:0 0 4px}h2{font-size:20px;margin:32px 0 8px;border-bottom:2px solid #2f5d62;padding-bottom:4px}
p.lead{color:#55616a;margin:0 0 16px}
.box{background:#fff;border:1px solid #dde3e0;border-radius:8px;padding:12px 16px;overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:14px}th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e6ebe8;vertical-align:top}
th{background:#eef3f1;font-weight:600}dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px;margin:0}dt{color:#55616a}dd{margin:0}
.empty{color:#55616a;font-style:italic}.note{background:#fff8e1;border:1px solid #f0d98a;border-radius:8px;padding:12px 16px}
`;

type TCell = string | number | boolean | null | undefined;

/**
 * The readable summary of an export, in Russian: one self-contained HTML page (inline styles, no
 * scripts, a CSP that forbids loading anything) with the main parts of the JSON as tables. The
 * JSON beside it stays the complete record.
 */
export function renderSummaryHtml(data: TClientData): string {
  const tz = data.profile.time_zone;
  const when = (value: string | null | undefined) => (value ? formatDateTime(value, tz) : '—');
  const money = (minor: number, currency: string) => formatMoney(minor, currency);
  const q = data.questionnaire;
  const sections = [
    section(
      'Профиль',
      dl([
        ['E-mail', data.profile.email],
        ['Имя', data.profile.first_name || '—'],
        ['Фамилия', data.profile.last_name || '—'],
        ['Часовой пояс', timeZoneLabel(tz) ?? tz],
        ['Валюта', data.profile.currency],
        ['Язык интерфейса', data.profile.language ?? 'не выбран'],
        ['Зарегистрирован(а)', when(data.profile.created_at)],
      ]),
    ),
    section(
      'Анкета',
      q
        ? dl([
            ['Вид терапии', q.therapy_type ? (THERAPY_RU[q.therapy_type] ?? q.therapy_type) : '—'],
            ['Возраст', q.age ?? '—'],
            ['Темы', q.topics.map((t) => t.label).join(', ') || '—'],
            ['Языки', q.preferences.languages.map((l) => l.label).join(', ') || '—'],
            ['Методы', q.preferences.methods.map((m) => m.label).join(', ') || '—'],
            ['Обновлена', when(q.updated_at)],
          ])
        : empty('Анкета не заполнялась.'),
    ),
    section(
      'Подобранные психологи',
      table(
        ['Место', 'Психолог', 'Почему'],
        data.suggested_therapists.map((s) => [s.rank, s.therapist.name, s.reasons.join('; ')]),
        'Подбора ещё не было.',
      ),
    ),
    section(
      'Сессии',
      table(
        ['Когда', 'Психолог', 'Вид', 'Статус', 'Длительность'],
        data.sessions.map((s) => [
          when(s.starts_at),
          s.therapist.name,
          THERAPY_RU[s.therapy_type] ?? s.therapy_type,
          STATUS_RU[s.status] ?? s.status,
          `${s.duration_min} мин`,
        ]),
        'Сессий не было.',
      ),
    ),
    section(
      'Сообщения в чате сессий',
      table(
        ['Когда', 'От кого', 'Текст'],
        data.chat_messages.map((m) => [when(m.sent_at), m.from === 'me' ? 'Вы' : 'Психолог', m.text]),
        'Сообщений нет.',
      ),
    ),
    section(
      'Оценки сессий',
      table(
        ['Когда', 'Оценка', 'Комментарий'],
        data.ratings.map((r) => [when(r.created_at), r.rating, r.comment]),
        'Оценок нет.',
      ),
    ),
    section(
      'Абонементы',
      table(
        ['Вид', 'Статус', 'Сессий', 'Осталось', 'Действует до'],
        data.passes.map((p) => [
          THERAPY_RU[p.therapy_type] ?? p.therapy_type,
          STATUS_RU[p.status] ?? p.status,
          p.sessions_total,
          p.sessions_left,
          when(p.expires_at),
        ]),
        'Абонементов нет.',
      ),
    ),
    section(
      'Оплаты',
      table(
        ['Когда', 'Сумма', 'Оплачено', 'Промокод', 'Статус'],
        data.payments.map((p) => [
          when(p.created_at),
          money(p.amount, p.currency),
          money(p.amount_paid, p.currency),
          p.promocode,
          STATUS_RU[p.status] ?? p.status,
        ]),
        'Оплат нет.',
      ),
    ),
    section(
      'Сохранённые карты',
      table(
        ['Карта', 'Добавлена', 'Удалена'],
        data.saved_cards.map((c) => [
          `${c.brand ?? ''} •• ${c.last_digits}`.trim(),
          when(c.created_at),
          when(c.deleted_at),
        ]),
        'Сохранённых карт нет.',
      ),
    ),
    section(
      'Промокоды',
      table(
        ['Промокод', 'Описание', 'Состояние'],
        [
          ...data.promocodes.applied.map((p) => [p.code, p.description, `применён ${when(p.applied_at)}`]),
          ...data.promocodes.used.map((p) => [p.code, p.description, 'использован при оплате']),
        ],
        'Промокодов нет.',
      ),
    ),
    section(
      'Работодатель',
      table(
        ['Компания', 'E-mail у работодателя', 'С', 'Работодатель видит число сессий'],
        data.employer.map((e) => [
          e.business,
          e.email,
          e.joined_on,
          e.usage_shared_since ? `да, с ${when(e.usage_shared_since)}` : 'нет',
        ]),
        'Вы не подключены к программе работодателя.',
      ),
    ),
    section(
      'Согласия',
      table(
        ['Когда', 'Согласие', 'Версия', 'Действие', 'Адрес'],
        [
          // Clients who signed up before consent_records accepted the sign-up texts of this version (lib/consents.ts).
          ...(data.profile.consent_version && data.consents.length === 0
            ? [
                [
                  when(data.profile.consent_at),
                  'Согласия при регистрации',
                  data.profile.consent_version,
                  'принято',
                  null,
                ],
              ]
            : []),
          ...data.consents.map((c) => [
            when(c.at),
            CONSENT_RU[c.kind] ?? c.kind,
            c.version,
            STATUS_RU[c.action] ?? c.action,
            c.ip,
          ]),
        ],
        'Записей о согласиях нет.',
      ),
    ),
    section(
      'Активные входы',
      table(
        ['Вход', 'Последнее действие', 'Браузер', 'Адрес'],
        data.sign_in_sessions.map((s) => [when(s.created_at), when(s.last_seen_at), s.user_agent, s.ip]),
        'Активных входов нет.',
      ),
    ),
    section(
      'Журнал доступа',
      table(
        ['Когда', 'Кто', 'Что'],
        data.audit_trail.map((a) => [
          when(a.at),
          [ACTOR_RU[a.actor] ?? a.actor, a.actor_name].filter(Boolean).join(' '),
          a.label,
        ]),
        'Записей нет.',
      ),
    ),
  ];
  const name = `${data.profile.first_name} ${data.profile.last_name}`.trim() || data.profile.email;
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Мои данные — ${escapeHtml(name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Мои данные</h1>
<p class="lead">${escapeHtml(name)} · архив собран ${escapeHtml(when(data.generated_at))}. Полные данные — в файле data.json рядом с этой страницей.</p>
<p class="note">${escapeHtml(data.not_included)}</p>
${sections.join('\n')}
</main>
</body>
</html>
`;
}

const section = (title: string, body: string) => `<h2>${escapeHtml(title)}</h2>\n<div class="box">${body}</div>`;
const empty = (text: string) => `<p class="empty">${escapeHtml(text)}</p>`;
const cell = (value: TCell) =>
  escapeHtml(
    value === null || value === undefined || value === ''
      ? '—'
      : typeof value === 'boolean'
        ? value
          ? 'да'
          : 'нет'
        : String(value),
  );

function dl(rows: [string, TCell][]): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${cell(v)}</dd>`).join('')}</dl>`;
}

function table(headers: string[], rows: TCell[][], emptyText: string): string {
  if (rows.length === 0) return empty(emptyText);
  const head = `<tr>${headers.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr>`;
  const body = rows.map((row) => `<tr>${row.map((v) => `<td>${cell(v)}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead>${head}</thead><tbody>${body}</tbody></table>`;
}
