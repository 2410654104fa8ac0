import type { Executor } from '../../db/pool.js';
import { recordDocumentEvent } from './document-reads.js';
import { markVoided } from './documents.extras.repository.js';
import type { DocumentRow } from './documents.tables.js';

/** The reason of a document found ANULADO at the tax authority (docs/lifecycle.md, SRI status follow-up). */
export const SRI_VOID_REASON = 'Anulado en el SRI';

/**
 * AUTHORIZED → VOIDED with its VOIDED event: the one path of POST /:accessKey/void and of a void
 * found at the tax authority. `doc` is locked by the caller; null when it is no longer AUTHORIZED.
 */
export async function voidDocument(
  tx: Executor,
  doc: DocumentRow,
  reason: string,
  detail: Record<string, unknown>,
  now: Date,
): Promise<DocumentRow | null> {
  const voided = doc.status === 'AUTHORIZED' ? await markVoided(tx, doc.id, reason, now) : null;
  if (voided) await recordDocumentEvent(tx, voided, 'VOIDED', { reason, ...detail }, now);
  return voided;
}
