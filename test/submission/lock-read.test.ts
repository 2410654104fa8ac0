import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Executor, withTransaction } from '../../src/db/pool.js';
import {
  documentJobKey,
  loadState,
  markSendInFlight,
  relockState,
  tryLockAndLoadState,
} from '../../src/modules/submission/submission.repository.js';
import { recordedDatabase, type StatementRecorder } from '../helpers/statements.js';
import { issue, type Lifecycle, registerTenant, startLifecycle } from './support.js';

/**
 * The submission job takes the document's lock and reads its state in one statement (one round
 * trip instead of two on every run). That read's snapshot predates the
 * lock, so the in-flight mark re-checks for itself that no send is under way: a run that read
 * the state before another run's mark must not send the document again.
 */
let life: Lifecycle;
let recorder: StatementRecorder;
let pool: pg.Pool;
let documentId: string;
beforeAll(async () => {
  recorder = await recordedDatabase();
  life = await startLifecycle({}, 1000, recorder.database);
  pool = new pg.Pool({ connectionString: life.ctx.config.databaseUrl!, max: 2 });
  const t = await registerTenant(life.ctx);
  const key = await issue(life.ctx, t); // SIGNED; its job is not run here
  const [row] = await life.ctx.query<{ id: string }>('select id from documents where access_key = $1', [key]);
  documentId = row!.id;
});
afterAll(async () => {
  await pool?.end();
  await life?.close();
});

const sentEvents = async () =>
  (
    await life.ctx.query<{ n: number }>(
      `select count(*)::int as n from document_events where document_id = $1 and type = 'SENT_TO_SRI'`,
      [documentId],
    )
  )[0]!.n;

describe('the lock and the state in one statement', () => {
  it('reads the state only with the lock, and not while another session holds it', async () => {
    const a = await pool.connect();
    const b = await pool.connect();
    try {
      const key = documentJobKey(documentId);
      const now = life.ctx.clock.now();
      const first = await tryLockAndLoadState(drizzle(a) as unknown as Executor, key, documentId, now);
      expect(first.locked).toBe(true);
      expect(first.locked && first.state?.doc.id).toBe(documentId);
      expect(first.locked && first.state?.doc.status).toBe('SIGNED');
      expect(first.locked && first.state?.sub.receptionInFlightSince).toBeNull();
      // The tenant's language comes with it, for the buyer email of the authorization.
      expect(first.locked && first.state?.language).toBe('es');
      await life.ctx.query(
        `update tenants set language = 'en' where id = (select tenant_id from documents where id = $1)`,
        [documentId],
      );
      const second = await tryLockAndLoadState(drizzle(b) as unknown as Executor, key, documentId, now);
      expect(second).toEqual({ locked: false });
      await a.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
      const third = await tryLockAndLoadState(drizzle(b) as unknown as Executor, key, documentId, now);
      expect(third.locked).toBe(true);
      expect(third.locked && third.state?.language).toBe('en');
      await b.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    } finally {
      a.release();
      b.release();
    }
  });

  it('does not mark (nor write SENT_TO_SRI) from a state read before another run marked it', async () => {
    const db = life.ctx.deps.db;
    const stale = (await loadState(db, documentId, life.ctx.clock.now()))!;
    expect(stale.sub.receptionInFlightSince).toBeNull();
    // Another run marks the send first: the mark and its event in one statement, no transaction.
    const other = life.ctx.clock.now();
    const first = await recorder.record(() => markSendInFlight(db, stale, other));
    expect(first.value).toBe(true);
    expect(first.sent).toHaveLength(1);
    expect(await sentEvents()).toBe(1);
    const [event] = await life.ctx.query<{ detail: unknown; created_at: Date }>(
      `select detail, created_at from document_events where document_id = $1 and type = 'SENT_TO_SRI'`,
      [documentId],
    );
    expect(event!.detail).toEqual({ build: stale.sub.build });
    expect(event!.created_at.getTime()).toBe(other.getTime());
    life.ctx.clock.advance(1000);
    const second = await recorder.record(() => markSendInFlight(db, stale, life.ctx.clock.now()));
    expect(second.value).toBe(false);
    expect(second.sent).toHaveLength(1);
    expect(await sentEvents()).toBe(1);
    const now = (await loadState(db, documentId, life.ctx.clock.now()))!;
    expect(now.sub.receptionInFlightSince?.getTime()).toBe(other.getTime());
  });

  it('re-locks a state read earlier without reading the document again, unless its row changed', async () => {
    const db = life.ctx.deps.db;
    const seen = (await loadState(db, documentId, life.ctx.clock.now()))!;
    expect(seen.version).toMatch(/^\d+$/);
    const run = async () => {
      const { value: state, sent } = await recorder.record(() =>
        withTransaction(db, (tx) => relockState(tx, seen, life.ctx.clock.now())),
      );
      return { state, reads: sent.filter((s) => /from documents/.test(s.text)).map((s) => s.text) };
    };
    // Unchanged: one statement locks both rows and reads the submission; the document is the one seen.
    const same = await run();
    expect(same.reads).toHaveLength(1);
    expect(same.reads[0]).not.toMatch(/signed_xml/);
    expect(same.state?.doc).toBe(seen.doc);
    expect(same.state).toEqual(await loadState(db, documentId, life.ctx.clock.now()));
    // Changed since (any update writes a new row version): read again, as it is now.
    await life.ctx.query(`update documents set buyer_name = 'Otro Nombre' where id = $1`, [documentId]);
    const changed = await run();
    expect(changed.reads).toHaveLength(2);
    expect(changed.state?.doc.buyerName).toBe('Otro Nombre');
    expect(changed.state?.version).not.toBe(seen.version);
  });
});
