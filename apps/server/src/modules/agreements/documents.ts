import { createHash } from 'node:crypto';
import type { TAgreementKind } from '@therapy/contract';

export type TAgreementText = { version: number; title: string; body: string };

/**
 * Every published version of each document, oldest first; the last one is current. A new version is
 * added here (never edited in place): therapists who signed an older one must sign again, and each
 * signature keeps the hash of the text it was given.
 */
export const AGREEMENT_VERSIONS: Record<TAgreementKind, readonly TAgreementText[]> = {
  agreement: [
    {
      version: 1,
      title: 'Соглашение психолога с платформой',
      body: [
        '1. Психолог проводит сессии с клиентами платформы онлайн, в назначенное время, из тихого помещения, где разговор не слышат посторонние.',
        '2. Психолог хранит в тайне всё, что узнаёт о клиентах, и не передаёт их данные третьим лицам, кроме случаев, прямо предусмотренных законом.',
        '3. Психолог не договаривается с клиентами платформы о встречах и оплате в обход платформы.',
        '4. Психолог поддерживает профиль в актуальном состоянии: образование, методы работы, темы и данные анкеты («геном»).',
        '5. Если психолог не может провести сессию, он отменяет её не позднее чем за 24 часа; сессия возвращается клиенту.',
        '6. Психолог проходит супервизию и обращается к куратору в сложных случаях.',
        '7. Платформа выплачивает вознаграждение за проведённые сессии ежемесячно, по данным платформы о завершённых сессиях.',
      ].join('\n\n'),
    },
  ],
  contract: [
    {
      version: 1,
      title: 'Договор о бесплатных сессиях',
      body: [
        '1. Психолог соглашается проводить часть сессий бесплатно для клиентов социальных программ платформы.',
        '2. Бесплатные сессии проводятся на тех же условиях и с тем же качеством, что и платные.',
        '3. Число бесплатных сессий в месяц психолог указывает куратору; платформа не назначает больше этого числа.',
        '4. Психолог может отказаться от участия, предупредив куратора за 30 дней; уже назначенные сессии проводятся.',
      ].join('\n\n'),
    },
  ],
};

export function currentAgreement(kind: TAgreementKind): TAgreementText {
  const versions = AGREEMENT_VERSIONS[kind];
  const current = versions[versions.length - 1];
  if (!current) throw new Error(`no ${kind} text`);
  return current;
}

export const textHash = (text: TAgreementText): string =>
  createHash('sha256').update(`${text.title}\n\n${text.body}`).digest('hex');
