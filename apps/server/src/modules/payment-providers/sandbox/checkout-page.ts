import { escapeHtml, formatMoney } from '@therapy/contract/rules';
import type { TSandboxCheckoutRow } from '../../../db/schema/index.ts';
import { type TCardFields, TEST_CARDS } from './test-cards.ts';

export type TCheckoutView =
  | { kind: 'form'; error?: string; fieldErrors?: Partial<Record<keyof TCardFields, string>>; values?: TCardFields }
  | { kind: '3ds' }
  | { kind: 'succeeded' }
  | { kind: 'cancelled' }
  | { kind: 'expired' };

const layout = (title: string, body: string) => `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/sandbox/checkout.css">
</head>
<body>
<main>
<p class="badge">Тестовая оплата: деньги не списываются</p>
${body}
</main>
</body>
</html>`;

const fieldError = (message: string | undefined, id: string) =>
  message ? `<span class="field-error" id="${id}">${escapeHtml(message)}</span>` : '';

function input(
  name: keyof TCardFields,
  label: string,
  attrs: string,
  view: Extract<TCheckoutView, { kind: 'form' }>,
): string {
  const error = view.fieldErrors?.[name];
  const value = name === 'cvc' ? '' : (view.values?.[name] ?? '');
  const described = error ? ` aria-invalid="true" aria-describedby="${name}-error"` : '';
  return `<label>${label}<input name="${name}" value="${escapeHtml(value)}" ${attrs}${described} required>${fieldError(error, `${name}-error`)}</label>`;
}

/** The sandbox's hosted checkout page, in Russian, with no script and no inline style. */
export function renderCheckoutPage(checkout: TSandboxCheckoutRow, view: TCheckoutView): string {
  const amount = formatMoney(checkout.amount, checkout.currency);
  const base = `/sandbox/checkout/${encodeURIComponent(checkout.token)}`;
  const head = `<h1>Оплата</h1>
<p class="what">${escapeHtml(checkout.description)}</p>
<p class="amount">${escapeHtml(amount)}</p>`;
  const back = `<a class="back" href="${escapeHtml(checkout.returnUrl)}">Вернуться на сайт</a>`;
  switch (view.kind) {
    case 'form':
      return layout(
        `Оплата ${amount}`,
        `${head}
${view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : ''}
<form method="post" action="${base}/pay" novalidate>
${input('card_number', 'Номер карты', 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"', view)}
<div class="row">
${input('expiry', 'Срок действия', 'autocomplete="cc-exp" maxlength="7" placeholder="ММ/ГГ"', view)}
${input('cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"', view)}
</div>
<button type="submit">Оплатить ${escapeHtml(amount)}</button>
</form>
<form method="post" action="${base}/cancel"><button class="link" type="submit">Отменить оплату</button></form>
<details><summary>Тестовые карты</summary><ul>
${TEST_CARDS.map((card) => `<li><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> — ${escapeHtml(card.label)}</li>`).join('\n')}
</ul><p>Срок действия — любой будущий, CVC — любые три цифры.</p></details>`,
      );
    case '3ds':
      return layout(
        'Подтверждение платежа',
        `<h1>Подтверждение платежа</h1>
<p class="what">Банк просит подтвердить оплату ${escapeHtml(amount)} картой •••• ${escapeHtml(checkout.cardLast ?? '')} (3-D Secure).</p>
<form method="post" action="${base}/confirm" class="actions">
<button type="submit" name="decision" value="confirm">Подтвердить</button>
<button type="submit" name="decision" value="reject" class="secondary">Отклонить</button>
</form>`,
      );
    case 'succeeded':
      return layout('Оплата прошла', `${head}<p class="ok" role="status">Оплата прошла успешно.</p>${back}`);
    case 'cancelled':
      return layout('Оплата отменена', `${head}<p class="error" role="status">Оплата отменена.</p>${back}`);
    case 'expired':
      return layout(
        'Время на оплату истекло',
        `${head}<p class="error" role="status">Время на оплату истекло. Начните покупку заново.</p>${back}`,
      );
  }
}

export const NOT_FOUND_PAGE = layout(
  'Страница оплаты не найдена',
  '<h1>Страница оплаты не найдена</h1><p class="what">Ссылка неверна или устарела. Вернитесь на сайт и начните покупку заново.</p><a class="back" href="/lk/passes">Вернуться на сайт</a>',
);
