import { z } from 'zod';

export const ZBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  years: z.array(z.number().int()),
});
export type TBusiness = z.infer<typeof ZBusinessSchema>;

/** GET /api/v1/business_accounts/current_business_account */
export const ZCurrentBusinessAccountSchema = z.object({
  hashid: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  tz: z.string(),
  businesses: z.array(ZBusinessSchema),
});
export type TCurrentBusinessAccount = z.infer<typeof ZCurrentBusinessAccountSchema>;

/**
 * Employees' privacy: a usage figure (sessions, money, people) computed over fewer than this many
 * employees is not shown; its cell says «менее 5» instead. Headcounts are not usage and are shown.
 */
export const BUSINESS_PRIVACY_THRESHOLD = 5;
export const BUSINESS_SUPPRESSED_VALUE = 'менее 5';
/** The same cell in an English answer (the server's catalogue translates it to this). */
export const BUSINESS_SUPPRESSED_VALUE_EN = 'fewer than 5';
/** Whether a cell holds a hidden figure, in either language of the answer. */
export const isSuppressedValue = (value: unknown): boolean =>
  value === BUSINESS_SUPPRESSED_VALUE || value === BUSINESS_SUPPRESSED_VALUE_EN;
/** Rows per page of the employees table (spec §9: default meta page 1, total 16). */
export const EMPLOYEES_PAGE_SIZE = 16;
/** Spec §9: the tooltip of a black-listed employee's e-mail cell. */
export const EMPLOYEE_BLOCKED_TOOLTIP = 'Сотруднику запрещено использовать любой промокод';
/** Spec §9: the first four headers are fixed columns, month headers follow. */
export const FIRST_MONTH_HEADER_INDEX = 4;

const ZBusinessIdParams = z.object({ id: z.string().min(1).max(32) });
export const ZBusinessParamsSchema = ZBusinessIdParams;

/** GET /api/v1/business_accounts/businesses: `years` holds the years with usage, newest first (may be empty). */
export const ZBusinessesResponseSchema = z.array(ZBusinessSchema);
export type TBusinessesResponse = z.infer<typeof ZBusinessesResponseSchema>;

/** One table cell: a number, a text («менее 5», an e-mail) or a blank, and an optional explanation (tooltip). */
export const ZStatCellSchema = z.object({
  value: z.union([z.number(), z.string(), z.null()]),
  description: z.string().nullable(),
});
export type TStatCell = z.infer<typeof ZStatCellSchema>;

export const ZStatMonthSchema = z.object({ number: z.number().int().min(1).max(12), title: z.string() });
export type TStatMonth = z.infer<typeof ZStatMonthSchema>;

/** A quarter of the quarters view: its months and one cell per table row, in the rows' order. */
export const ZStatQuarterSchema = z.object({
  number: z.number().int().min(1).max(4),
  title: z.string(),
  months: z.array(z.number().int()),
  cells: z.array(ZStatCellSchema),
});
export type TStatQuarter = z.infer<typeof ZStatQuarterSchema>;

const statsDescription =
  `Usage of a business's staff by month. Usage figures computed over fewer than ${BUSINESS_PRIVACY_THRESHOLD} ` +
  `employees read «${BUSINESS_SUPPRESSED_VALUE}» instead of a number. Never therapist names, session times, ` +
  'topics, answers or ratings.';

export const ZStatsQuerySchema = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });
export type TStatsQuery = z.infer<typeof ZStatsQuerySchema>;

/**
 * The figure of each row of the statistics, in the rows' order: a client finds a row by this, never by its
 * title, which comes in the language of the answer.
 */
export const BUSINESS_STATS_ROWS = ['staff', 'booked', 'done', 'cancelled', 'spent'] as const;
export type TBusinessStatsRow = (typeof BUSINESS_STATS_ROWS)[number];

/**
 * GET /api/v1/business_accounts/businesses/{id}/statistics (spec §3 "Business stats"): one row per
 * figure; headers[0..3] are fixed columns (figure, year, monthly average, employees), month
 * headers start at FIRST_MONTH_HEADER_INDEX. A year without usage has `empty_data`: zeros in the
 * first value column and blanks elsewhere.
 */
export const ZBusinessStatsSchema = z
  .object({
    year: z.number().int(),
    empty_data: z.boolean(),
    headers: z.array(z.string()),
    rows: z.array(z.array(ZStatCellSchema)),
    months: z.array(ZStatMonthSchema),
    quarters: z.array(ZStatQuarterSchema),
    /** The month now, when `year` is the current year (Moscow time); otherwise null. */
    current_month_number: z.number().int().min(1).max(12).nullable(),
    /** When the usage was last rebuilt from the sessions (ISO 8601), or null when never. */
    last_page_updated_at: z.string().nullable(),
  })
  .describe(statsDescription);
export type TBusinessStats = z.infer<typeof ZBusinessStatsSchema>;

/** Sort keys of the employees table, one per column: e-mail, sessions done, spend, status, each month. */
export const ZEmployeeSortFieldSchema = z.enum([
  'users_email',
  'sessions_done',
  'spent',
  'status',
  'month_1',
  'month_2',
  'month_3',
  'month_4',
  'month_5',
  'month_6',
  'month_7',
  'month_8',
  'month_9',
  'month_10',
  'month_11',
  'month_12',
]);
export type TEmployeeSortField = z.infer<typeof ZEmployeeSortFieldSchema>;
/** The column of each sort key, in the order of `headers`. */
export const EMPLOYEE_SORT_FIELDS = ZEmployeeSortFieldSchema.options;
export const ZSortDirectionSchema = z.enum(['asc', 'desc']);

export const ZEmployeesQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  email_cont: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
  sort_field: ZEmployeeSortFieldSchema.optional(),
  sort_direction: ZSortDirectionSchema.optional(),
});
export type TEmployeesQuery = z.infer<typeof ZEmployeesQuerySchema>;

export const ZEmployeeRowSchema = z.object({
  id: z.string(),
  promocodes_blocked: z.boolean(),
  /** The employee agreed to show their usage; without it the usage cells are blank. */
  usage_shared: z.boolean(),
  cells: z.array(ZStatCellSchema),
});
export type TEmployeeRow = z.infer<typeof ZEmployeeRowSchema>;

export const ZTableMetaSchema = z.object({
  total_pages: z.number().int(),
  total_count: z.number().int(),
  current_page: z.number().int(),
});
export type TTableMeta = z.infer<typeof ZTableMetaSchema>;

/**
 * GET /api/v1/business_accounts/businesses/{id}/employees (spec §3 "Employee stats"): a page of
 * employees with their own usage (sessions done and spend by month), shown only when the employee
 * consented at sign-up; headers[0..3]: e-mail, sessions done, spend, status; then the months.
 */
export const ZEmployeeStatsSchema = z
  .object({
    year: z.number().int(),
    headers: z.array(z.string()),
    rows: z.array(ZEmployeeRowSchema),
    months: z.array(ZStatMonthSchema),
    quarters: z.array(ZStatQuarterSchema),
    sort_field: ZEmployeeSortFieldSchema,
    sort_direction: ZSortDirectionSchema,
    meta: ZTableMetaSchema,
    current_month_number: z.number().int().min(1).max(12).nullable(),
    last_page_updated_at: z.string().nullable(),
  })
  .describe(
    'Employees of a business with their own usage; a row shows usage only when the employee agreed to share it ' +
      'when joining through the invitation. Never anything clinical.',
  );
export type TEmployeeStats = z.infer<typeof ZEmployeeStatsSchema>;

/** POST /api/v1/business_accounts/businesses/{id}/users_blacklists: block or unblock promo codes for an employee. */
export const ZUsersBlacklistRequestSchema = z.object({
  employee_id: z.string().min(1).max(32),
  blocked: z.boolean(),
});
export type TUsersBlacklistRequest = z.infer<typeof ZUsersBlacklistRequestSchema>;
export const ZUsersBlacklistResponseSchema = z.object({ employee_id: z.string(), promocodes_blocked: z.boolean() });
export type TUsersBlacklistResponse = z.infer<typeof ZUsersBlacklistResponseSchema>;

export const ZReportViewSchema = z.enum(['months', 'quarters']);
export type TReportView = z.infer<typeof ZReportViewSchema>;

/** POST /api/v1/business_accounts/businesses/{id}/employees/reports */
export const ZCreateReportRequestSchema = z.object({
  year: z.number().int().min(2000).max(2100),
  view: ZReportViewSchema,
});
export type TCreateReportRequest = z.infer<typeof ZCreateReportRequestSchema>;

/** A report being built or ready: progress 0–100; the links work until `expires_at` (7 days), for its business account only. */
export const ZBusinessReportSchema = z.object({
  id: z.string(),
  year: z.number().int(),
  view: ZReportViewSchema,
  status: z.enum(['pending', 'running', 'done', 'failed']),
  progress: z.number().int().min(0).max(100),
  rows_count: z.number().int().nullable(),
  created_at: z.string(),
  expires_at: z.string(),
  xlsx_url: z.string().nullable(),
  csv_url: z.string().nullable(),
});
export type TBusinessReport = z.infer<typeof ZBusinessReportSchema>;
export const ZReportParamsSchema = z.object({ id: z.string().min(1).max(32), report_id: z.string().min(1).max(32) });
export const ZReportFileQuerySchema = z.object({ format: z.enum(['xlsx', 'csv']) });

/**
 * POST /api/v2/business_accounts/businesses/{id}/employees: one employee as JSON `{email}`, or a
 * multipart upload of an XLSX or CSV file (field `file`, e-mails in the first column). Valid rows
 * are added together in one transaction and invited by e-mail; refused rows say why.
 */
export const ZAddEmployeesRequestSchema = z
  .object({ email: z.string().trim().max(254) })
  // A multipart request reaches validation with a null body: the file is read by the handler.
  .nullish()
  .describe('JSON {email}, or multipart/form-data with an XLSX or CSV file in the field `file`');
export const ZEmployeeUploadRowSchema = z.object({ row: z.number().int(), email: z.string() });
export const ZEmployeeUploadRefusedSchema = ZEmployeeUploadRowSchema.extend({ reason: z.string() });
export const ZAddEmployeesResponseSchema = z.object({
  accepted: z.array(ZEmployeeUploadRowSchema),
  refused: z.array(ZEmployeeUploadRefusedSchema),
});
export type TAddEmployeesResponse = z.infer<typeof ZAddEmployeesResponseSchema>;
