import { parseArgs } from 'node:util';
import type { TDb } from '../../db/client.ts';
import type { THashids } from '../../lib/ids.ts';
import { formatAuditLines, PersonNotFound, readAuditLog } from './read-audit-log.ts';

const USAGE = `usage: npm run audit:read -w apps/server -- --subject <email|id|hashid> [--actor <email|id|hashid>]
         [--since <ISO date>] [--format table|json] [--operator <your name>]
  Prints the audit trail about a person (or of an actor) and records the read as staff's.`;

export type TCommandIo = { out: (text: string) => void; err: (text: string) => void; env: NodeJS.ProcessEnv };

/**
 * `audit:read`: support reads the full audit trail. Returns the exit code: 0 read, 2 wrong arguments,
 * 1 no such person. The operator is `--operator`, else the login that runs it (SUDO_USER, USER).
 */
export async function runAuditRead(
  argv: readonly string[],
  deps: { db: TDb; hashids: THashids },
  io: TCommandIo,
): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        subject: { type: 'string' },
        actor: { type: 'string' },
        since: { type: 'string' },
        format: { type: 'string', default: 'table' },
        operator: { type: 'string' },
      },
      strict: true,
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const format = values.format;
  if (format !== 'table' && format !== 'json') {
    io.err(`--format is table or json\n${USAGE}`);
    return 2;
  }
  if (!values.subject && !values.actor) {
    io.err(`name --subject or --actor\n${USAGE}`);
    return 2;
  }
  const since = values.since ? new Date(values.since) : undefined;
  if (since && Number.isNaN(since.getTime())) {
    io.err(`--since is not a date: ${values.since}\n${USAGE}`);
    return 2;
  }
  const operator = values.operator ?? io.env.SUDO_USER ?? io.env.USER ?? '';
  if (!operator.trim()) {
    io.err(`name yourself with --operator: the read is recorded as yours\n${USAGE}`);
    return 2;
  }
  try {
    const lines = await readAuditLog(deps.db, deps.hashids, {
      subject: values.subject,
      actor: values.actor,
      since,
      operator,
    });
    io.out(formatAuditLines(lines, format));
    return 0;
  } catch (error) {
    if (error instanceof PersonNotFound) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
