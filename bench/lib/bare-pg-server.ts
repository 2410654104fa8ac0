import Fastify from 'fastify';
import pg from 'pg';

/**
 * The yardstick of bench/tenant-me.bench.ts: a bare Fastify server whose one route reads one
 * tenant row with one pg query (a named prepared statement) and returns it as JSON. No
 * authentication, no rate limit, no schema: the floor any real route stands on.
 * Usage: node --import tsx bench/lib/bare-pg-server.ts <port>   (DATABASE_URL, TENANT_ID)
 */
const port = Number(process.argv[2]);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify({ logger: false });
app.get('/tenant', async () => {
  const { rows } = await pool.query({
    name: 'bare_tenant',
    text: 'select id, email, status, subscription_tier, sandbox, extra_seats from tenants where id = $1',
    values: [process.env.TENANT_ID],
  });
  return { ok: true, tenant: rows[0] };
});
await app.listen({ port, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
