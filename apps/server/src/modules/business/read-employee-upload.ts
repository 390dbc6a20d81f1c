import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { parseEmployeeFile, type TUploadedRow } from './parse-employee-file.ts';

/** The rows of an add-employees request: a multipart file, or one JSON `{email}` as row 1. */
export async function readEmployeeUpload(
  request: FastifyRequest,
  body: { email: string } | null | undefined,
): Promise<TUploadedRow[]> {
  if (request.isMultipart()) {
    const file = await request.file();
    if (file?.fieldname !== 'file') {
      throw new AppError('validation_failed', 'Приложите файл XLSX или CSV', { file: 'Приложите файл' });
    }
    const data = await file.toBuffer();
    return parseEmployeeFile({ filename: file.filename, data });
  }
  if (!body) throw new AppError('validation_failed', 'Укажите e-mail сотрудника', { email: 'Укажите e-mail' });
  return [{ row: 1, email: body.email }];
}
