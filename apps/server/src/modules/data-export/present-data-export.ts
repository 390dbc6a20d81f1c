import { buildPath, routes, type TDataExport } from '@therapy/contract';
import type { TDataExportRow } from '../../db/schema/index.ts';
import type { THashids } from '../../lib/ids.ts';

/** An archive as its client sees it: past its 7 days it reads `expired` even before the sweep deletes the file. */
export function presentDataExport(hashids: THashids, row: TDataExportRow, now = new Date()): TDataExport {
  const id = hashids.encode('data_export', row.id);
  const expired = row.status === 'expired' || (row.status === 'ready' && (!row.expiresAt || row.expiresAt <= now));
  const status = expired ? 'expired' : (row.status as TDataExport['status']);
  return {
    id,
    status,
    progress: status === 'ready' || status === 'expired' ? 100 : row.progress,
    created_at: row.createdAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    size_bytes: row.sizeBytes,
    download_url: status === 'ready' ? buildPath(routes.dataExportFile.path, { id }) : null,
  };
}
