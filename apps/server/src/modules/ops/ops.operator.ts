import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from '../../db/database.js';
import { parse, usagePrinter, UsageError, type OperatorCommands } from '../../lib/operator-cli.js';

const usage = {
  backup: [
    'backup FILE                        copies the embedded database, while it runs, to FILE (an absolute',
    '                                   path; a gzipped tar); restore it with `restore FILE` with the server',
    '                                   stopped. PostgreSQL: pg_dump and pg_restore (docs/operations.md)',
  ],
} as const;
const usageOf = usagePrinter(usage);

/** backup: a consistent copy of the embedded database, taken by the process that holds it. */
export function opsOperatorCommands(db: Database): OperatorCommands {
  return {
    usage,
    commands: {
      backup: async (args) => {
        const [file = ''] = parse(args, {}, usageOf('backup'), 1).positionals;
        // The command may run in the server's process, whose working directory is not the operator's.
        if (!path.isAbsolute(file))
          throw new UsageError(`FILE must be an absolute path, got ${file}`, usageOf('backup'));
        const client = (db as unknown as { $client?: unknown }).$client;
        if (!(client instanceof PGlite)) {
          return {
            exitCode: 1,
            output:
              'This server runs on PostgreSQL (DATABASE_URL): back it up with pg_dump -Fc (docs/operations.md).',
          };
        }
        const dump = await client.dumpDataDir('gzip');
        const bytes = Buffer.from(await dump.arrayBuffer());
        await writeFile(file, bytes, { mode: 0o600 });
        return {
          output: `Backed up the embedded database to ${file} (${bytes.length} bytes).`,
          audit: { command: 'backup', detail: { file, bytes: bytes.length } },
        };
      },
    },
  };
}
