import type { TQuestion, TQuestionsResponse, TTherapyType } from '@therapy/contract';
import { coupleTopics, languages, singleTopics, therapyMethods } from '../../lib/taxonomies.ts';

const TIERS = [
  { code: 'standard', label: 'Психолог — доступная цена' },
  { code: 'senior', label: 'Опытный психолог' },
  { code: 'expert', label: 'Эксперт — опыт от 10 лет' },
];

/** The sign-up questions for a therapy type; options come from the shared taxonomies. */
export function questionsFor(therapyType: TTherapyType): TQuestionsResponse {
  const questions: TQuestion[] = [
    {
      code: 'topic_codes',
      title: therapyType === 'couple' ? 'Что происходит в ваших отношениях?' : 'Что вас беспокоит?',
      hint: 'Можно выбрать несколько вариантов',
      kind: 'multi',
      options: therapyType === 'couple' ? coupleTopics : singleTopics,
      required: true,
    },
    {
      code: 'therapist_sex',
      title: 'Пол психолога',
      hint: null,
      kind: 'single',
      options: [
        { code: 'any', label: 'Не важно' },
        { code: 'female', label: 'Женский' },
        { code: 'male', label: 'Мужской' },
      ],
      required: false,
    },
    {
      code: 'therapist_age',
      title: 'Возраст психолога',
      hint: 'Оставьте пустым, если не важно',
      kind: 'range',
      options: [],
      required: false,
    },
    { code: 'language_ids', title: 'Язык сессий', hint: null, kind: 'multi', options: languages, required: false },
    { code: 'price_tiers', title: 'Стоимость сессии', hint: null, kind: 'multi', options: TIERS, required: false },
    {
      code: 'method_codes',
      title: 'Подход, который вам интересен',
      hint: 'Если не знаете — пропустите, мы подберём сами',
      kind: 'multi',
      options: therapyMethods,
      required: false,
    },
  ];
  return { therapy_type: therapyType, questions };
}
