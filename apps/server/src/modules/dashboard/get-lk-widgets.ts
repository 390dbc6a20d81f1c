import type { TLkData, TLkWidget, TLkWidgets } from '@therapy/contract';
import type { TAppContext } from '../../context.ts';
import type { TUserRow } from '../../db/schema/index.ts';
import { pluralRu, SESSIONS } from '../../lib/plural.ts';
import { presentLkData } from './get-lk-data.ts';
import { loadDashboard } from './load-dashboard.ts';

// lib/plural's rules are built once: making an Intl.PluralRules per call cost more than the rest of the widgets.
const sessionsWord = (n: number) => pluralRu(n, SESSIONS);

/** The dashboard blocks in the order a client needs them: what to do next comes first. */
export function widgetsFor(data: TLkData, suggestionsCount: number): TLkWidget[] {
  const widgets: TLkWidget[] = [];
  if (!data.signed_up) {
    widgets.push({
      kind: 'finish_signup',
      title: 'Расскажите о себе',
      text: 'Ответьте на несколько вопросов, и мы подберём психолога, который вам подойдёт.',
      action: { label: 'Заполнить анкету', href: '/lk/profile' },
    });
  } else if (!data.therapist) {
    widgets.push({
      kind: 'find_therapist',
      title: 'Подбор психолога',
      text: suggestionsCount
        ? `Для вас подобрано психологов: ${suggestionsCount}.`
        : 'Подберём психолога по вашим ответам.',
      action: { label: 'Посмотреть психологов', href: '/lk/therapists' },
    });
  }
  if (data.next_session) {
    widgets.push({
      kind: 'next_session',
      title: 'Ближайшая сессия',
      text: `С психологом ${data.next_session.therapist.first_name} ${data.next_session.therapist.last_name}`,
      action: { label: 'Перейти к сессии', href: `/lk/sessions/${data.next_session.id}` },
    });
  } else if (data.therapist) {
    widgets.push({
      kind: 'book_session',
      title: 'Запишитесь на сессию',
      text: `Выберите удобное время у психолога ${data.therapist.first_name} ${data.therapist.last_name}.`,
      action: { label: 'Выбрать время', href: `/lk/therapists/${data.therapist.id}` },
    });
  }
  if (data.employer) {
    widgets.push({
      kind: 'employer',
      title: 'Сессии оплачивает работодатель',
      text: `${data.employer.business_name} оплачивает ваши сессии с психологом.`,
      action: null,
    });
  } else if (data.sessions_left > 0) {
    widgets.push({
      kind: 'pass',
      title: 'Абонемент',
      text: `Осталось ${data.sessions_left} ${sessionsWord(data.sessions_left)}.`,
      action: { label: 'Купить ещё', href: '/lk/passes' },
    });
  } else {
    widgets.push({
      kind: 'buy_pass',
      title: 'Абонемент',
      text: 'Абонемент на несколько сессий выходит выгоднее разовой оплаты.',
      action: { label: 'Выбрать абонемент', href: '/lk/passes' },
    });
  }
  if (data.completed_sessions_count > 0) {
    widgets.push({
      kind: 'progress',
      title: 'Ваш путь',
      text: `Проведено ${data.completed_sessions_count} ${sessionsWord(data.completed_sessions_count)}.`,
      action: null,
    });
  }
  return widgets;
}

/** The widgets from the same one statement as lk_data, which also counts the client's suggestions. */
export async function getLkWidgets(ctx: TAppContext, user: TUserRow, now = new Date()): Promise<TLkWidgets> {
  const row = await loadDashboard(ctx, user.id, now);
  return { widgets: widgetsFor(presentLkData(ctx, user, row), row.suggestions) };
}
