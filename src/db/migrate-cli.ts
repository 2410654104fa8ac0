import { loadConfig } from '../config/config.js';
import { startEmbeddedPostgres } from './embedded.js';
import { migrate } from './migrate.js';
import { createDatabase } from './pool.js';

/** `npm run db:migrate`: applies pending migrations to DATABASE_URL or the embedded database. */
const config = loadConfig();
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPgPort,
      portExplicit: config.embeddedPgPortExplicit,
      database: 'einvoice',
    });
const database = createDatabase(config.databaseUrl ?? embedded!.url, 2);
try {
  const applied = await migrate(database.pool, (m) => console.log(m));
  console.log(applied.length ? `${applied.length} migration(s) applied` : 'database is up to date');
} finally {
  await database.close();
  await embedded?.stop();
}
