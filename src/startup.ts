import pg from 'pg';
import { StartupError } from './db/embedded.js';

/**
 * Start-up failures explained in one line: what went wrong and what to set. `npm start` prints the
 * line and exits 1 (README, "Start"); anything not recognised keeps its own message.
 */
export { StartupError };

/** Connects once to the configured server and explains a refusal (before migrations run). */
export async function checkDatabase(
  url: string,
  source: 'DATABASE_URL' | 'DATABASE_READ_URL' | 'DATABASE_LISTEN_URL' | 'embedded',
): Promise<void> {
  const u = new URL(url);
  const where = `${u.hostname || u.searchParams.get('host') || 'localhost'}:${u.port || 5432}`;
  const fix = source === 'embedded' ? 'remove DATA_DIR/pg or set DATABASE_URL' : `correct ${source}`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
    const version = Number(rows[0]?.v ?? 0);
    if (version < 150000) {
      throw new StartupError(
        `the database at ${where} runs PostgreSQL ${Math.floor(version / 10000)}, and 15 or later is required: upgrade it, or ${fix}`,
      );
    }
  } catch (e) {
    if (e instanceof StartupError) throw e;
    throw new StartupError(
      explainDatabaseError(e, where, u, fix, source === 'embedded' ? 'DATABASE_URL' : source),
    );
  } finally {
    await client.end().catch(() => {});
  }
}

function explainDatabaseError(e: unknown, where: string, u: URL, fix: string, variable: string): string {
  const err = e as NodeJS.ErrnoException & { code?: string; message?: string };
  const user = decodeURIComponent(u.username || 'postgres');
  const database = decodeURIComponent(u.pathname.slice(1) || user);
  switch (err.code) {
    case 'ECONNREFUSED':
      return `cannot reach the database at ${where} (connection refused): start PostgreSQL there, or ${fix}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the database host "${u.hostname}" is unknown: ${fix}`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `the database at ${where} cannot be reached (${err.code}): check the network, or ${fix}`;
    case '28P01':
    case '28000':
      return `the database at ${where} refused user "${user}" (${err.message}): correct the user and password in ${variable}`;
    case '3D000':
      return `database "${database}" does not exist on ${where}: create it (createdb ${database}), or ${fix}`;
    case '42501':
      return `user "${user}" may not use database "${database}" on ${where} (${err.message}): grant it, or ${fix}`;
  }
  if (/timeout/i.test(err.message ?? ''))
    return `the database at ${where} did not answer within 10 s: check that it is running, or ${fix}`;
  return `cannot use the database at ${where} (${err.code ? `${err.code}: ` : ''}${err.message ?? String(e)}): ${fix}`;
}

/** An HTTP listen failure of the API. */
export function explainListenError(e: unknown, port: number, host: string): StartupError | null {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new StartupError(`PORT ${port} is already in use by another program: set PORT to a free port`);
  if (code === 'EACCES')
    return new StartupError(`PORT ${port} needs privileges this user lacks: set PORT to a port above 1023`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new StartupError(
      `HOST ${host} is not an address of this machine: set HOST to one of its addresses (0.0.0.0 listens on all)`,
    );
  return null;
}

/** Whether the program listening at `port` is a tax authority simulator (ours, of another process). */
export async function isSimulatorAt(port: number): Promise<boolean> {
  try {
    const res = await fetch(
      `http://127.0.0.1:${port}/comprobantes-electronicos-ws/RecepcionComprobantesOffline?wsdl`,
      {
        signal: AbortSignal.timeout(3000),
      },
    );
    return res.ok && (await res.text()).includes('RecepcionComprobantesOffline');
  } catch {
    return false;
  }
}

/** The one line printed for any start-up failure. */
export function startupMessage(e: unknown): string {
  if (e instanceof StartupError) return e.message;
  if (e instanceof Error) return `${e.message.split('\n')[0]} (${e.name})`;
  return String(e);
}
