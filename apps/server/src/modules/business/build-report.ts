import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { TAppContext } from '../../context.ts';
import { businesses, businessReports, type TBusinessReportRow } from '../../db/schema/index.ts';
import type { TLanguage } from '../../lib/i18n/language.ts';
import { translate } from '../../lib/i18n/translate.ts';
import { countRu } from '../../lib/plural.ts';
import { MONTHS, QUARTERS } from './calendar.ts';
import { countEmployees, employeeCells, employeeQuarterCells, selectEmployeeUsage } from './employee-table.ts';

const BATCH = 1000;
const MONEY_FORMAT = '#,##0" ₽"';
const COUNT_FORMAT = '0';
const VIEW_TITLES = { months: 'По месяцам', quarters: 'По кварталам' } as const;
const EMPLOYEES = ['сотрудник', 'сотрудника', 'сотрудников'] as const;
/** Excel splits a CSV at the list separator of its locale: a semicolon in Russian ones, a comma in English ones. */
const CSV_SEPARATOR: Record<TLanguage, string> = { ru: ';', en: ',' };

type TColumn = { header: string; width: number; numFmt?: string };

const QUOTE = '"';
/** A field with a quote, the separator or a line break is quoted, its quotes doubled. */
const csvField = (value: unknown, separator: string) => {
  const text = value === null || value === undefined ? '' : String(value);
  return text.includes(QUOTE) || text.includes(separator) || /[\n\r]/.test(text)
    ? QUOTE + text.replaceAll(QUOTE, QUOTE + QUOTE) + QUOTE
    : text;
};

/**
 * Builds a report's files with exceljs' streaming writer: rows go to the file store as they are
 * written, a thousand employees per query, so memory stays flat whatever the staff size. The
 * XLSX has one sheet per view (the requested one first), a formatted header, number formats and
 * a totals row; the CSV (with the list separator of the language's Excel) holds the requested view.
 * Usage an employee did not agree to share stays empty, as on the page. Titles, headers and statuses
 * are in the language of the person who asked for the report.
 */
export async function buildReport(
  ctx: Pick<TAppContext, 'db' | 'files'>,
  reportId: number,
  language: TLanguage = 'ru',
  now = new Date(),
) {
  const [report] = await ctx.db.select().from(businessReports).where(eq(businessReports.id, reportId));
  if (!report || report.status === 'done') return;
  await ctx.db.update(businessReports).set({ status: 'running', progress: 0 }).where(eq(businessReports.id, reportId));
  try {
    const keys = await writeReportFiles(ctx, report, language, now);
    await ctx.db
      .update(businessReports)
      .set({ status: 'done', progress: 100, ...keys })
      .where(eq(businessReports.id, reportId));
  } catch (error) {
    await ctx.db.update(businessReports).set({ status: 'failed' }).where(eq(businessReports.id, reportId));
    throw error;
  }
}

async function writeReportFiles(
  ctx: Pick<TAppContext, 'db' | 'files'>,
  report: TBusinessReportRow,
  language: TLanguage,
  now: Date,
) {
  const t = (text: string) => translate(text, language);
  const separator = CSV_SEPARATOR[language];
  const [business] = await ctx.db.select().from(businesses).where(eq(businesses.id, report.businessId));
  if (!business) throw new Error(`report ${report.id}: no business`);
  // exceljs is hundreds of modules: loaded by the first report, not at start (before any stream is open).
  const { default: ExcelJS } = await import('exceljs');
  const filter = { businessId: business.id, year: report.year, today: now.toISOString().slice(0, 10) };
  const total = await countEmployees(ctx.db, filter);
  const views = report.view === 'quarters' ? (['quarters', 'months'] as const) : (['months', 'quarters'] as const);

  const stem = `reports/${business.id}/${report.id}`;
  const xlsxKey = `${stem}/report.xlsx`;
  const csvKey = `${stem}/report.csv`;
  const xlsxStream = new PassThrough();
  const csvStream = new PassThrough();
  const xlsxStored = ctx.files.put(xlsxKey, xlsxStream);
  const csvStored = ctx.files.put(csvKey, csvStream);
  // A failed store must not leave the writer waiting on a stream nobody reads.
  xlsxStored.catch(() => xlsxStream.destroy());
  csvStored.catch(() => csvStream.destroy());
  csvStream.write('\uFEFF'); // Excel reads UTF-8 only with the byte-order mark

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: xlsxStream,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = t('Отчёт по сотрудникам');
  let done = 0;
  for (const view of views) {
    const columns: TColumn[] = [
      { header: 'E-mail', width: 36 },
      { header: t('Статус'), width: 18 },
      { header: t('Проведено сессий'), width: 18, numFmt: COUNT_FORMAT },
      { header: t('Расходы, ₽'), width: 16, numFmt: MONEY_FORMAT },
      ...(view === 'months'
        ? MONTHS.map((m) => ({ header: t(m.title), width: 11, numFmt: COUNT_FORMAT }))
        : QUARTERS.map((q) => ({ header: t(q.title), width: 13, numFmt: COUNT_FORMAT }))),
    ];
    const sheet = workbook.addWorksheet(t(VIEW_TITLES[view]), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((c, index) => ({
      key: String(index),
      width: c.width,
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    const header = sheet.addRow(columns.map((c) => c.header));
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF2F5D62' } };
    header.alignment = { vertical: 'middle', wrapText: true };
    header.commit();
    if (view === report.view)
      csvStream.write(`${columns.map((c) => csvField(c.header, separator)).join(separator)}\r\n`);

    const sums = new Array<number>(columns.length).fill(0);
    for (let offset = 0; offset < total; offset += BATCH) {
      const rows = await selectEmployeeUsage(ctx.db, filter, {
        sortField: 'users_email',
        sortDirection: 'asc',
        limit: BATCH,
        offset,
      });
      for (const row of rows) {
        const cells = employeeCells(row, report.year, now);
        const usage = view === 'months' ? cells.slice(4) : employeeQuarterCells(row, report.year, now);
        // The status is the one text of a row the report writes in its language; the e-mail stays as it is.
        const status = cells[3]?.value;
        const values = [
          cells[0]?.value ?? null,
          typeof status === 'string' ? t(status) : null,
          ...[cells[1], cells[2], ...usage].map((c) => c?.value ?? null),
        ];
        values.forEach((v, index) => {
          if (typeof v === 'number') sums[index] = (sums[index] ?? 0) + v;
        });
        sheet.addRow(values).commit();
        if (view === report.view) csvStream.write(`${values.map((v) => csvField(v, separator)).join(separator)}\r\n`);
      }
      done += rows.length;
      const progress = Math.min(99, Math.floor((done / Math.max(1, total * views.length)) * 100));
      await ctx.db.update(businessReports).set({ progress }).where(eq(businessReports.id, report.id));
    }
    const totals = sheet.addRow([t('Итого'), t(countRu(total, EMPLOYEES)), ...sums.slice(2)]);
    totals.font = { bold: true };
    totals.border = { top: { style: 'thin' } };
    totals.commit();
    sheet.commit();
  }
  await workbook.commit();
  csvStream.end();
  await Promise.all([xlsxStored, csvStored]);
  await ctx.db.update(businessReports).set({ rowsCount: total }).where(eq(businessReports.id, report.id));
  return { xlsxKey, csvKey };
}
