/**
 * The business rules server, web and mail share (spec §9), as plain functions with no zod and no
 * other dependency, so the web can import them without the schemas: `@therapy/contract/rules`.
 */
export * from './cancellation.ts';
export * from './captcha.ts';
export * from './currency.ts';
export * from './date-label.ts';
export * from './genom.ts';
export * from './html.ts';
export { DEFAULT_LOCALE } from './locale.ts';
export * from './money.ts';
export * from './payment-method.ts';
export * from './time-zone-label.ts';
