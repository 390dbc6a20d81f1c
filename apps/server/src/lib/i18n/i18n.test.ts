import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import taxonomiesEn from '@therapy/contract/taxonomies.en.json' with { type: 'json' };
import taxonomies from '@therapy/contract/taxonomies.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';
import { translate, translatePayload } from './translate.ts';

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTRACT = path.resolve(SERVER, '../../../packages/contract/src');

/**
 * What a client, a therapist or a business account meets: errors of every kind, the booking, buying and matching
 * modules, the therapist's schedule (with the .ics feed), clients and profile, the business account's statistics,
 * employees and report files, the mails, the contract's messages. A whole folder is listed where all of it answers
 * someone, so a new file there is covered as it comes.
 */
const COVERED = [
  'lib/errors.ts',
  'lib/captcha.ts',
  'lib/plural.ts',
  'lib/person-name.ts',
  'plugins',
  'modules/auth',
  'modules/booking',
  'modules/cards',
  'modules/checkout',
  'modules/dashboard',
  'modules/matching',
  'modules/notifications/layout.ts',
  'modules/notifications/calendar.ts',
  'modules/notifications/slot-mail-parts.ts',
  'modules/notifications/render-booking-confirmed.ts',
  'modules/notifications/render-booking-cancelled.ts',
  'modules/notifications/render-booking-rescheduled.ts',
  'modules/notifications/render-reminder.ts',
  'modules/notifications/render-therapist-reminder.ts',
  'modules/notifications/render-therapist-no-show.ts',
  'modules/notifications/render-payment-receipt.ts',
  'modules/notifications/render-business-invite.ts',
  'modules/notifications/render-data-export-ready.ts',
  'modules/data-export/send-data-export-file.ts',
  'modules/passes',
  'modules/promocodes',
  'modules/purchases',
  'modules/signup',
  'modules/schedule',
  'modules/therapist-clients',
  'modules/therapist-profile',
  'modules/therapists',
  'modules/business',
  // The documents' own text (documents.ts) stays Russian: a signature keeps the hash of the text that was signed.
  'modules/agreements/agreement.ts',
  'modules/video/get-video-data.ts',
  'modules/video/rate-video.ts',
  'modules/video/save-call-metrics.ts',
  'modules/video/load-participant-slot.ts',
  'modules/video/slot-participants.ts',
].map((p) => path.join(SERVER, p));
const COVERED_CONTRACT = [
  'auth.ts',
  'booking.ts',
  'business.ts',
  'checkout.ts',
  'instant.ts',
  'language.ts',
  'payments.ts',
  'promocodes.ts',
  'safe-text.ts',
  'schedule.ts',
  'signup.ts',
  'therapist-clients.ts',
  'therapist-profile.ts',
  'video.ts',
].map((p) => path.join(CONTRACT, p));

const CYRILLIC = /[\u0400-\u04FF]/;

function sourceFiles(entry: string): string[] {
  if (entry.endsWith('.ts')) return entry.endsWith('.test.ts') ? [] : [entry];
  return readdirSync(entry, { withFileTypes: true })
    .filter((d) => d.isDirectory() || d.name.endsWith('.ts'))
    .flatMap((d) => sourceFiles(path.join(entry, d.name)));
}

/** A template literal's text with each `${…}` (nested braces too) replaced by a sample value: a date label for a time. */
function withSamples(template: string): string {
  let out = '';
  for (let i = 0; i < template.length; i++) {
    if (template[i] === '$' && template[i + 1] === '{') {
      let depth = 0;
      let j = i + 1;
      for (; j < template.length; j++) {
        if (template[j] === '{') depth++;
        else if (template[j] === '}' && --depth === 0) break;
      }
      out += /whenFor|formatDateTime/.test(template.slice(i, j)) ? '22.11.2026 в 14:30' : '7';
      i = j;
    } else out += template[i];
  }
  return out;
}

/** Every string literal with a Russian letter in a file, comments left out. */
function russianLiterals(file: string): string[] {
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
  const literal = /'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`|"((?:[^"\\\n]|\\.)*)"/g;
  const found: string[] = [];
  for (const match of source.matchAll(literal)) {
    const text = match[1] ?? (match[2] === undefined ? match[3] : withSamples(match[2]));
    if (text !== undefined && CYRILLIC.test(text))
      found.push(JSON.parse(`"${text.replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`));
  }
  return found;
}

describe('the English catalogue', () => {
  const files = [...COVERED.flatMap(sourceFiles), ...COVERED_CONTRACT];

  it('has an English text for every Russian one a client can meet', () => {
    const untranslated = files.flatMap((file) =>
      russianLiterals(file)
        .filter((russian) => CYRILLIC.test(translate(russian, 'en')))
        .map((russian) => `${path.relative(SERVER, file)}: ${russian} → ${translate(russian, 'en')}`),
    );
    expect(files.length).toBeGreaterThan(40);
    expect(untranslated).toEqual([]);
  });

  it('has an English label for every therapy method, topic and language of the taxonomy', () => {
    for (const kind of ['therapy_methods', 'single_topics', 'couple_topics', 'languages'] as const) {
      const english: Record<string, string> = taxonomiesEn[kind];
      for (const option of taxonomies[kind]) {
        expect(english[option.code], `${kind}.${option.code}`).toMatch(/^[^\u0400-\u04FF]+$/);
        expect(translate(option.label, 'en')).toBe(english[option.code]);
      }
    }
  });

  it('translates holes, counts, date labels and lists, and leaves unknown text alone', () => {
    expect(translate('Бесплатная отмена до 21.11.2026 в 19:00', 'en')).toBe(
      'Free cancellation until 21.11.2026 at 19:00',
    );
    expect(translate('Осталось 1 сессия.', 'en')).toBe('1 session left.');
    expect(translate('Осталось 3 сессии.', 'en')).toBe('3 sessions left.');
    expect(translate('Опыт работы 21 год', 'en')).toBe('21 years of experience');
    expect(translate('Работает с темами: Тревога, Выгорание', 'en')).toBe('Works with: Anxiety, Burnout');
    expect(translate('Работает с темами: тревога, выгорание', 'en')).toBe('Works with: anxiety, burnout');
    expect(translate('Психолог не проводит парную терапию', 'en')).toBe('The therapist does not offer couples therapy');
    expect(translate('Мария Иванова', 'en')).toBe('Мария Иванова');
    expect(
      translate('Когда: 04.03.2030 в 10:00 (Москва, UTC+3), 50 минут. Парная терапия, видеосессия на платформе.', 'en'),
    ).toBe('When: 04.03.2030 at 10:00 (Moscow, UTC+3), 50 minutes. Couples therapy, a video session on the platform.');
    expect(translate('Абонементы: https://therapy.example/lk/passes', 'en')).toBe(
      'Passes: https://therapy.example/lk/passes',
    );
    // A list of schedule clashes, however long: dates in English, names (even a catalogue word in one) as they are.
    expect(
      translate(
        'Изменение пересекается с записанными сессиями: 01.12.2026 в 10:00 — Вера Стресс; 02.12.2026 в 11:00 — Клиент; ' +
          '03.12.2026 в 12:00 — Анна; 04.12.2026 в 13:00 — Олег Ким. Перенесите или отмените их, затем сохраните снова',
        'en',
      ),
    ).toBe(
      'The change clashes with booked sessions: 01.12.2026 at 10:00 — Вера Стресс; 02.12.2026 at 11:00 — Client; ' +
        '03.12.2026 at 12:00 — Анна; 04.12.2026 at 13:00 — Олег Ким. Move or cancel them, then save again',
    );
    expect(translate('по средам в 18:30', 'en')).toBe('on Wednesdays at 18:30');
    expect(translate('Рабочие окна пересекаются: среда, 10:00–12:00 и 11:00–13:00', 'en')).toBe(
      'Working windows overlap: Wednesday, 10:00–12:00 and 11:00–13:00',
    );
    expect(translate('Укажите начало в минутах от начала дня', 'en')).toBe(
      'Enter the start in minutes from the start of the day',
    );
    // An erased client's name is the server's own words: translated even where a name goes.
    expect(translate('Психолог: Вера Лебедева. Клиент: Клиент удалил аккаунт.', 'en')).toBe(
      'Therapist: Вера Лебедева. Client: The client deleted their account.',
    );
    expect(translate('1 сотрудник', 'en')).toBe('1 employee');
    expect(translate('21 сотрудник', 'en')).toBe('21 employees');
    expect(translate('Неверный e-mail или пароль', 'ru')).toBe('Неверный e-mail или пароль');
    expect(translatePayload({ a: ['Тревога', 3, null], b: { c: 'Стресс' } }, 'en')).toEqual({
      a: ['Anxiety', 3, null],
      b: { c: 'Stress' },
    });
  });

  it('picks the saved language first, then the best of Accept-Language, then Russian', () => {
    expect(pickLanguage('en', 'ru-RU')).toBe('en');
    expect(pickLanguage(null, 'en-US,en;q=0.9,ru;q=0.8')).toBe('en');
    expect(pickLanguage(null, 'de-DE,en;q=0.5')).toBe('en');
    expect(pickLanguage(null, 'de-DE')).toBe('ru');
    expect(pickLanguage(null, undefined)).toBe('ru');
    expect(pickLanguage('fr', 'ru')).toBe('ru');
  });
});
