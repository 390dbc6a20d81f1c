import type ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors.ts';

export type TUploadedRow = { row: number; email: string };

/** Rows beyond this are refused as a whole: a bigger staff is uploaded in parts. */
export const MAX_UPLOAD_ROWS = 20_000;

const looksLikeHeader = (text: string) => !text.includes('@') && /mail|почт|адрес/i.test(text);

const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text; // a hyperlink cell
    if ('result' in value) return String(value.result ?? '');
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
  }
  return String(value);
};

/**
 * The e-mails of an uploaded staff list: the first column of the first sheet of an XLSX, or the
 * first field of each line of a CSV (comma or semicolon). Row numbers are the file's own, so the
 * answer points at the line to fix; a header row and empty rows are skipped.
 */
export async function parseEmployeeFile(file: { filename: string; data: Buffer }): Promise<TUploadedRow[]> {
  const isXlsx = /\.xlsx$/i.test(file.filename) || file.data.subarray(0, 2).toString('latin1') === 'PK';
  const rows: TUploadedRow[] = [];
  if (isXlsx) {
    // exceljs is hundreds of modules: loaded by the first upload, not at start.
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    try {
      await workbook.xlsx.load(file.data as unknown as ArrayBuffer);
    } catch {
      throw new AppError('validation_failed', 'Не удалось прочитать файл: загрузите XLSX или CSV', {
        file: 'Файл повреждён',
      });
    }
    const sheet = workbook.worksheets[0];
    sheet?.eachRow({ includeEmpty: false }, (row, number) => {
      rows.push({ row: number, email: cellText(row.getCell(1).value).trim() });
    });
  } else {
    const text = file.data.toString('utf8').replace(/^\uFEFF/, '');
    text.split(/\r?\n/).forEach((line, index) => {
      const first = line.split(/[;,\t]/)[0] ?? '';
      rows.push({
        row: index + 1,
        email: first
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      });
    });
  }
  const filled = rows.filter((r) => r.email !== '');
  if (filled[0] && looksLikeHeader(filled[0].email)) filled.shift();
  if (filled.length > MAX_UPLOAD_ROWS) {
    throw new AppError('validation_failed', `В файле больше ${MAX_UPLOAD_ROWS} строк: загрузите его частями`, {
      file: 'Слишком много строк',
    });
  }
  if (!filled.length) throw new AppError('validation_failed', 'В файле нет ни одного e-mail', { file: 'Файл пуст' });
  return filled;
}
