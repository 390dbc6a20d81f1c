export * from './auth-sessions.ts';
export * from './business.ts';
export * from './slots.ts';
export * from './therapists.ts';
export * from './users.ts';
