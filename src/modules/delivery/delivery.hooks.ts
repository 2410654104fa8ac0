import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import { documents, markEmailFailed, markEmailSent, recordDocumentEvent } from '../documents/index.js';
import type { OutboxHooks } from '../mail/index.js';
import { type DeliveryService, DOCUMENT_EMAIL_KIND } from './delivery.service.js';

export interface EmailFailureNotifier {
  emailDeliveryFailed(
    tx: Executor,
    input: {
      tenantId: string;
      issuerId?: string | null;
      recipient: string;
      error: string;
      emailId?: string;
      document?: { accessKey: string; documentType: string; sequential: string };
    },
    now: Date,
  ): Promise<unknown>;
}

/**
 * Only the newest email of a document sets its email status (an old retry must not overwrite a
 * newer send): a condition of the status's update. Served by the partial index of
 * migrations/0715_outbox_document_latest.sql.
 */
function isLatestEmail(documentId: string, emailId: string) {
  return sql`(select o.id from outbox_emails o
      where o.kind = 'document' and o.ref->>'documentId' = ${documentId}
      order by o.created_at desc, o.id desc limit 1) = ${emailId}::uuid`;
}

/** The buyer email's outcome shows on the document (email status, events) and, when it fails for good, as a notification. */
export function registerDocumentEmailHooks(
  hooks: OutboxHooks,
  deps: { delivery: DeliveryService; notifier: EmailFailureNotifier },
): void {
  for (const [name, resolve] of Object.entries(deps.delivery.attachmentResolvers))
    hooks.attachmentResolvers.set(name, resolve);

  hooks.loaders?.set(DOCUMENT_EMAIL_KIND, deps.delivery.loadDocumentEmail);

  // Sent: the email status (when the newest) and the event, in the statement that marks the email SENT.
  hooks.onSent.set(DOCUMENT_EMAIL_KIND, async (uow, email, at) => {
    const documentId = email.ref?.documentId;
    // The email was queued for the document, in its tenant: no need to read the document.
    if (!documentId || !email.tenantId) return;
    await markEmailSent(uow, documentId, at, isLatestEmail(documentId, email.id));
    await recordDocumentEvent(
      uow,
      { id: documentId, tenantId: email.tenantId },
      'EMAIL_SENT',
      { emailId: email.id, to: email.toAddress, messageId: email.messageId },
      at,
    );
  });

  hooks.onFailed.set(DOCUMENT_EMAIL_KIND, async (tx, email, error, at) => {
    const documentId = email.ref?.documentId;
    if (!documentId) return;
    const [doc] = await tx.select().from(documents).where(eq(documents.id, documentId));
    if (!doc) return;
    await markEmailFailed(tx, doc.id, at, isLatestEmail(doc.id, email.id));
    await recordDocumentEvent(tx, doc, 'EMAIL_FAILED', { emailId: email.id, to: email.toAddress, error }, at);
    await deps.notifier.emailDeliveryFailed(
      tx,
      {
        tenantId: doc.tenantId,
        issuerId: doc.issuerId,
        recipient: email.toAddress,
        error,
        emailId: email.id,
        document: {
          accessKey: doc.accessKey,
          documentType: doc.documentType,
          sequential: sequentialDigits(doc.sequential),
        },
      },
      at,
    );
  });
}
