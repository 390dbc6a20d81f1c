import type {
  TAppGlobal,
  TCurrentBusinessAccount,
  TCurrentUser,
  TRole,
  TTherapistCurrent,
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
