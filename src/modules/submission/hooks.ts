import type { SriMessage } from '../../adapters/sri/index.js';
import type { Executor } from '../../db/pool.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import type { DocumentRow } from '../documents/index.js';

/**
 * Work other modules attach to the outcome of a document, run inside the transaction that records
 * it (so the buyer email, the DOCUMENT_AUTHORIZED notification and the webhook are committed with
 * the status, or not at all). `doc` is the row as updated. An authorization's hooks get its unit of
 * work: their writes that nothing reads back go with the document's own, flushed before the commit.
 */
type OnAuthorizedHook = (uow: UnitOfWork, doc: DocumentRow, now: Date, known: KnownFacts) => Promise<void>;

/** What the submission job read with the document, so that hooks need not read it again. */
interface KnownFacts {
  /** The tenant's language (its emails and texts), when read with the document. */
  language: 'es' | 'en' | null;
}

export type RefusalOutcome = 'RETURNED' | 'NOT_AUTHORIZED';

type OnRefusedHook = (
  tx: Executor,
  doc: DocumentRow,
  outcome: RefusalOutcome,
  messages: SriMessage[],
  now: Date,
) => Promise<void>;

/** An AUTHORIZED document found ANULADO at the tax authority, now VOIDED (`doc` as updated). */
type OnVoidedAtSriHook = (tx: Executor, doc: DocumentRow, now: Date) => Promise<void>;

export interface SubmissionHooks {
  onAuthorized: OnAuthorizedHook[];
  onRefused: OnRefusedHook[];
  onVoidedAtSri: OnVoidedAtSriHook[];
}
