import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    accountUserId: integer('account_user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    startedOn: date('started_on').notNull(),
    /** Sessions the business pays for per employee and calendar year. */
    sessionsPerEmployeeYear: integer('sessions_per_employee_year').notNull().default(12),
    /** What the business pays for one session, in roubles' minor units. */
    sessionPriceMinor: integer('session_price_minor').notNull().default(350_000),
    /** When `business_usage_months` was last rebuilt from the sessions (the «Данные обновлены» line). */
    usageUpdatedAt: timestamp('usage_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('businesses_account_idx').on(t.accountUserId)],
);

/** A member of a business's staff; the client account appears once the employee signs up. */
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: integer('user_id').references(() => users.id),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    promocodesBlocked: boolean('promocodes_blocked').notNull().default(false),
    joinedOn: date('joined_on').notNull(),
    leftOn: date('left_on'),
    /** When the invitation mail was scheduled (null for staff added before invitations). */
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    /**
     * The employee agreed, when signing up through the invitation, that the employer sees their
     * usage (counts and money, never anything clinical). Without it their row shows no usage.
     */
    usageConsentAt: timestamp('usage_consent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('employees_business_email_unique').on(t.businessId, sql`lower(${t.email})`),
    index('employees_user_idx').on(t.userId),
    index('employees_email_idx').on(sql`lower(${t.email})`),
  ],
);

/**
 * Usage per employee and calendar month (Moscow time), rebuilt from the client's sessions:
 * booked, done, cancelled and what the business paid. Only counts and money, nothing clinical.
 */
export const businessUsageMonths = pgTable(
  'business_usage_months',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    sessionsBooked: integer('sessions_booked').notNull().default(0),
    sessionsDone: integer('sessions_done').notNull().default(0),
    sessionsCancelled: integer('sessions_cancelled').notNull().default(0),
    spentMinor: integer('spent_minor').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.year, t.month] }),
    index('business_usage_months_business_idx').on(t.businessId, t.year, t.month),
    check('business_usage_months_month', sql`${t.month} between 1 and 12`),
  ],
);

/**
 * Per employee and year, summed from `business_usage_months` at each rebuild: what the employees
 * page sorts and pages on, so a page reads one row per person instead of summing their months.
 */
export const businessUsageYears = pgTable(
  'business_usage_years',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    year: smallint('year').notNull(),
    sessionsDone: integer('sessions_done').notNull(),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull(),
    /** Sessions done in each month, January first. */
    monthsDone: integer('months_done').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.employeeId, t.year] }),
    index('business_usage_years_business_idx').on(t.businessId, t.year),
  ],
);

/**
 * A business's totals per month, quarter and year (level 'month' | 'quarter' | 'year', number 0
 * for the year), with how many people took part: the statistics page reads these few rows.
 */
export const businessUsagePeriods = pgTable(
  'business_usage_periods',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    year: smallint('year').notNull(),
    level: text('level').notNull(),
    number: smallint('number').notNull(),
    people: integer('people').notNull(),
    sessionsBooked: integer('sessions_booked').notNull(),
    sessionsDone: integer('sessions_done').notNull(),
    sessionsCancelled: integer('sessions_cancelled').notNull(),
    spentMinor: bigint('spent_minor', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessId, t.year, t.level, t.number] }),
    check('business_usage_periods_level', sql`${t.level} in ('month', 'quarter', 'year')`),
  ],
);

/** A spreadsheet of the employees table built in the background; kept 7 days. */
export const businessReports = pgTable(
  'business_reports',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id),
    year: smallint('year').notNull(),
    /** The view the manager picked: 'months' or 'quarters' (its sheet comes first). */
    view: text('view').notNull(),
    /** pending → running → done | failed */
    status: text('status').notNull().default('pending'),
    progress: smallint('progress').notNull().default(0),
    xlsxKey: text('xlsx_key'),
    csvKey: text('csv_key'),
    rowsCount: integer('rows_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('business_reports_business_idx').on(t.businessId, t.createdAt),
    check('business_reports_view', sql`${t.view} in ('months', 'quarters')`),
    check('business_reports_status', sql`${t.status} in ('pending', 'running', 'done', 'failed')`),
  ],
);

export type TBusinessRow = typeof businesses.$inferSelect;
export type TEmployeeRow = typeof employees.$inferSelect;
export type TBusinessReportRow = typeof businessReports.$inferSelect;
