/**
 * Group commit of creates (docs/creates.md). Concurrent creates of one counter (issuer, type,
 * environment) queue here; while a batch is in its transaction the next requests gather, and the
 * next batch takes them all: one issuer read, one counter claim for N numbers, one insert of N
 * documents and events, one insert of N submissions with one add_jobs, one commit
 * (create-transaction.ts). Each request still gets its own answer: a document that fails its
 * rules fails alone, and a batch that fails as a whole is run again one request at a time, so no
 * request fails for another's error.
 */
import {
  CounterMoved,
  type CreateDeps,
  type CreateOutcome,
  type CreateRequest,
  createBatch,
} from './create-transaction.js';
import type { SummaryRow } from './document-summary.js';

interface Pending extends CreateRequest {
  settle(outcome: CreateOutcome<SummaryRow>): void;
}

/** At most this many creates share a transaction (its JSON parameters stay a few MB). */
const MAX_BATCH = 200;

/** How long a counter whose claim was lost is numbered under its lock first. */
const CONTENDED_MS = 2000;

export function createBatches(deps: CreateDeps) {
  const queues = new Map<string, Pending[]>();
  /**
   * Counters whose claim was lost lately (another process issues on them too), until when: their
   * batches read the counter under its lock first, instead of signing twice on most batches.
   */
  const contended = new Map<string, number>();

  async function drain(key: string, queue: Pending[]): Promise<void> {
    while (queue.length > 0) {
      // One request per Idempotency-Key in a batch: a second one waits for the next batch, where it
      // finds the first one's document (replay or conflict) or, if that failed, creates its own.
      const batch: Pending[] = [];
      const keys = new Set<string>();
      for (let i = 0; i < queue.length && batch.length < MAX_BATCH; ) {
        const p = queue[i]!;
        if (p.idempotencyKey !== undefined && keys.has(p.idempotencyKey)) {
          i++;
          continue;
        }
        if (p.idempotencyKey !== undefined) keys.add(p.idempotencyKey);
        batch.push(p);
        queue.splice(i, 1);
      }
      const until = contended.get(key);
      const locked = until !== undefined && until > performance.now();
      if (until !== undefined && !locked) contended.delete(key);
      await runBatch(batch, locked, key);
    }
    queues.delete(key);
  }

  async function runBatch(batch: Pending[], locked: boolean, key: string): Promise<void> {
    let outcomes: CreateOutcome<SummaryRow>[];
    try {
      outcomes = await createBatch(deps, batch, locked);
    } catch (error) {
      if (error instanceof CounterMoved) {
        contended.set(key, performance.now() + CONTENDED_MS);
        return runBatch(batch, true, key);
      }
      if (batch.length === 1) {
        batch[0]!.settle({ ok: false, error });
        return;
      }
      // Whatever failed the batch as a whole (a quota reached within it, a lost race on a key,
      // the database), each request is run alone and gets its own answer.
      for (const p of batch) await runBatch([p], locked, key);
      return;
    }
    for (const [i, p] of batch.entries()) p.settle(outcomes[i]!);
  }

  return {
    /** Queues a create with the others of its counter; resolves with its own outcome once committed. */
    submit(request: CreateRequest): Promise<CreateOutcome<SummaryRow>> {
      const key = `${request.scope.tenantId}|${request.scope.issuerId}|${request.scope.environment}|${request.body.documentType}`;
      return new Promise((resolve) => {
        const pending: Pending = { ...request, settle: resolve };
        const queue = queues.get(key);
        if (queue) {
          queue.push(pending);
          return;
        }
        const fresh = [pending];
        queues.set(key, fresh);
        void drain(key, fresh);
      });
    },
  };
}
