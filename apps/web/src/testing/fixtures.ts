import type {
  TAppGlobal,
  TCancelPolicy,
  TCheckout,
  TClientSlot,
  TCurrentBusinessAccount,
  TCurrentUser,
  TLkData,
  TLkWidgets,
  TQuestionsResponse,
  TRole,
  TSignupProfile,
  TSignupQuestions,
  TSuggestion,
  TTherapistCard,
  TTherapistCurrent,
  TTherapyType,
  TUserMeResponse,
} from '@therapy/contract';

const NAMES: Record<TRole, { first_name: string; last_name: string; email: string }> = {
  client: { first_name: 'Мария', last_name: 'Иванова', email: 'client@example.com' },
  therapist: { first_name: 'Анна', last_name: 'Петрова', email: 'therapist@example.com' },
  business_account: { first_name: 'Олег', last_name: 'Смирнов', email: 'business@example.com' },
};

export function makeUser(role: TRole, overrides: Partial<TCurrentUser> = {}): TCurrentUser {
  return { hashid: `${role}-1`, role, tz: 'Europe/Moscow', signed_up: true, ...NAMES[role], ...overrides };
}

export function makeAppGlobal(overrides: Partial<TAppGlobal> = {}): TAppGlobal {
  return { env: 'test', user: null, csrf_token: 'csrf-from-app', sentry_dsn: null, captcha: null, ...overrides };
}

export function makeUserMe(overrides: Partial<TUserMeResponse> = {}): TUserMeResponse {
  return { ...makeUser('client'), currency: 'rub', completed_sessions_count: 3, ...overrides };
}

export function makeTherapist(overrides: Partial<TTherapistCurrent> = {}): TTherapistCurrent {
  return {
    hashid: 'therapist-1',
    first_name: 'Анна',
    last_name: 'Петрова',
    email: 'therapist@example.com',
    tz: 'Europe/Moscow',
    female: true,
    video_profile: null,
    videoask_link: null,
    avatar_thumb: null,
    avatar_large: null,
    curator_id: 'curator-1',
    curator_link: 'https://t.me/curator',
    curator_name: 'Елена Соколова',
    must_sign_agreement: true,
    must_sign_contract: true,
    education: [],
    practice_start: '2015-09-01',
    single: true,
    couple: true,
    genom_filled: { about_clients: [3, 5], private_info: [9, 9] },
    ...overrides,
  };
}

export function makeBusinessAccount(overrides: Partial<TCurrentBusinessAccount> = {}): TCurrentBusinessAccount {
  return {
    hashid: 'ba-1',
    email: 'business@example.com',
    first_name: 'Олег',
    last_name: 'Смирнов',
    tz: 'Europe/Moscow',
    businesses: [
      { id: 'b-1', name: 'ООО «Ромашка»', years: [2026, 2025] },
      { id: 'b-2', name: 'АО «Василёк»', years: [2025, 2024] },
    ],
    ...overrides,
  };
}

export function makeSignupProfile(overrides: Partial<TSignupProfile> = {}): TSignupProfile {
  return {
    first_name: 'Мария',
    last_name: 'Иванова',
    age: 32,
    tz: 'Europe/Moscow',
    therapy_type: 'single',
    step: 'profile',
    ...overrides,
  };
}

export function makeSignupQuestions(overrides: Partial<TSignupQuestions> = {}): TSignupQuestions {
  return {
    therapy_type: 'single',
    topic_codes: [],
    preferences: {},
    step: 'profile',
    completed: false,
    ...overrides,
  };
}

export function makeQuestions(therapyType: TTherapyType = 'single'): TQuestionsResponse {
  return {
    therapy_type: therapyType,
    questions: [
      {
        code: 'topic_codes',
        title: 'Что вас беспокоит?',
        hint: 'Можно выбрать несколько вариантов',
        kind: 'multi',
        required: true,
        options: [
          { code: 'anxiety', label: 'Тревога' },
          { code: 'burnout', label: 'Выгорание' },
        ],
      },
      {
        code: 'therapist_sex',
        title: 'Пол психолога',
        hint: null,
        kind: 'single',
        required: false,
        options: [
          { code: 'any', label: 'Не важно' },
          { code: 'female', label: 'Женский' },
          { code: 'male', label: 'Мужской' },
        ],
      },
      {
        code: 'therapist_age',
        title: 'Возраст психолога',
        hint: 'Оставьте пустым, если не важно',
        kind: 'range',
        required: false,
        options: [],
      },
      {
        code: 'price_tiers',
        title: 'Стоимость сессии',
        hint: null,
        kind: 'multi',
        required: false,
        options: [
          { code: 'standard', label: 'Психолог — доступная цена' },
          { code: 'expert', label: 'Эксперт — опыт от 10 лет' },
        ],
      },
    ],
  };
}

export function makeTherapistCard(overrides: Partial<TTherapistCard> = {}): TTherapistCard {
  return {
    id: 'th-1',
    first_name: 'Татьяна',
    last_name: 'Васильева',
    female: true,
    age: 41,
    userpic_url: null,
    description: 'Работаю бережно и последовательно.',
    experience_years: 12,
    practice_start: '2014-01-01',
    education: [{ title: 'Психология', institution: 'МГУ', year: 2010 }],
    methods: [
      { code: 'cbt', label: 'КПТ' },
      { code: 'act', label: 'ACT' },
    ],
    topics: [{ code: 'anxiety', label: 'Тревога' }],
    languages: [{ code: 'ru', label: 'Русский' }],
    single: true,
    couple: false,
    tier: 'standard',
    price: { amount: 350_000, currency: 'rub' },
    nearest_slots: ['2026-11-24T06:00:00.000Z', '2026-11-24T07:00:00.000Z'],
    ...overrides,
  };
}

export function makeSuggestion(overrides: Partial<TSuggestion> = {}): TSuggestion {
  return {
    rank: 1,
    score: 61.6,
    reasons: ['Работает с темами: тревога', 'Опыт работы 12 лет'],
    therapist: makeTherapistCard(),
    ...overrides,
  };
}

export function makeCancelPolicy(overrides: Partial<TCancelPolicy> = {}): TCancelPolicy {
  return {
    free: true,
    free_until: '2026-11-23T16:00:00.000Z',
    free_until_label: '23.11.2026 в 19:00',
    message: 'Бесплатная отмена до 23.11.2026 в 19:00',
    can_cancel: true,
    can_reschedule: true,
    ...overrides,
  };
}

export function makeClientSlot(overrides: Partial<TClientSlot> = {}): TClientSlot {
  return {
    id: 'slot-1',
    status: 'booked',
    therapy_type: 'single',
    therapist: { id: 'th-1', first_name: 'Татьяна', last_name: 'Васильева', avatar_thumb: null },
    starts_at: '2026-11-24T16:00:00.000Z',
    ends_at: '2026-11-24T16:50:00.000Z',
    duration_min: 50,
    tz: 'Europe/Moscow',
    date: '2026-11-24',
    time: '19:00',
    starts_at_label: '24.11.2026 в 19:00',
    hold_expires_at: null,
    can_cancel: true,
    can_reschedule: true,
    cancel_policy: makeCancelPolicy(),
    can_rate: false,
    ...overrides,
  };
}

export function makeCheckout(overrides: Partial<TCheckout> = {}): TCheckout {
  return {
    currency: 'rub',
    payment_methods: [
      { key: 'cloud_payments', currency: 'rub', price: 350_000, discount_price: 350_000 },
      { key: 'stripe', currency: 'eur', price: 4_000, discount_price: 4_000 },
    ],
    promocode: { active: false, description: null },
    therapy_type: 'single',
    therapist: {
      id: 'th-1',
      first_name: 'Татьяна',
      last_name: 'Васильева',
      userpic_url: null,
      picture: { transparent_thumb: null },
    },
    scheduled_on: '2026-11-24T06:00:00.000Z',
    pass_id: 'pass-1',
    slot_hashid: 'slot-1',
    ...overrides,
  };
}

export function makeLkData(overrides: Partial<TLkData> = {}): TLkData {
  return {
    first_name: 'Мария',
    tz: 'Europe/Moscow',
    signed_up: true,
    completed_sessions_count: 3,
    upcoming_sessions_count: 1,
    next_session: {
      id: 'slot-1',
      starts_at: '2099-11-24T16:00:00.000Z',
      ends_at: '2099-11-24T16:50:00.000Z',
      therapy_type: 'single',
      therapist: { id: 'th-1', first_name: 'Анна', last_name: 'Смирнова', userpic_url: null },
      join_opens_at: '2099-11-24T15:50:00.000Z',
      free_cancel_until: '2099-11-23T16:00:00.000Z',
    },
    therapist: { id: 'th-1', first_name: 'Анна', last_name: 'Смирнова', userpic_url: null },
    pass: {
      id: 'cp-1',
      status: 'active',
      therapy_type: 'single',
      sessions_total: 4,
      sessions_left: 2,
      expires_at: '2100-04-21T04:58:23.495Z',
    },
    sessions_left: 2,
    employer: null,
    ...overrides,
  };
}

export function makeLkWidgets(): TLkWidgets {
  return {
    widgets: [
      {
        kind: 'next_session',
        title: 'Ближайшая сессия',
        text: 'С психологом Анна Смирнова',
        action: { label: 'Перейти к сессии', href: '/lk/sessions/slot-1' },
      },
      {
        kind: 'pass',
        title: 'Абонемент',
        text: 'Осталось 2 сессии.',
        action: { label: 'Купить ещё', href: '/lk/passes' },
      },
      { kind: 'progress', title: 'Ваш путь', text: 'Проведено 3 сессии.', action: null },
    ],
  };
}
