import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/pool.js';
import { outboxEmails } from '../../db/tables.js';
import { sequentialDigits } from '../../shared/sri-codes.js';
import {
  documentEventsSql,
  documents,
  markEmailFailed,
  markEmailSent,
  markEmailSentSql,
  recordDocumentEvent,
} from '../documents/index.js';
import type { OutboxHooks, OutboxRow } from '../mail/index.js';
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
 * newer send). Served by the partial index of migrations/0715_outbox_document_latest.sql.
 */
async function isLatest(tx: Executor, email: OutboxRow): Promise<boolean> {
  const [latest] = await tx
    .select({ id: outboxEmails.id })
    .from(outboxEmails)
    .where(
      and(
        eq(outboxEmails.kind, DOCUMENT_EMAIL_KIND),
        sql`${outboxEmails.ref}->>'documentId' = ${email.ref?.documentId ?? ''}`,
      ),
    )
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(1);
  return latest?.id === email.id;
}

/** `isLatest` as a boolean SQL expression, for the one statement that records a sent email. */
function isLatestSql(documentId: string, emailId: string) {
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

  // Sent: email status (when the newest) and event in the statement that marks the email SENT.
  hooks.onSentSql?.set(DOCUMENT_EMAIL_KIND, (email, at) => {
    const documentId = email.ref?.documentId;
    if (!documentId || !email.tenantId) return [];
    const doc = { id: documentId, tenantId: email.tenantId };
    return [
      markEmailSentSql(documentId, at, isLatestSql(documentId, email.id)),
      documentEventsSql([
        {
          doc,
          type: 'EMAIL_SENT',
          detail: { emailId: email.id, to: email.toAddress, messageId: email.messageId },
          at,
        },
      ]),
    ];
  });

  // The same in a transaction, for hooks objects without onSentSql.
  hooks.onSent.set(DOCUMENT_EMAIL_KIND, async (tx, email, at) => {
    const documentId = email.ref?.documentId;
    // The email was queued for the document, in its tenant: no need to read the document.
    if (!documentId || !email.tenantId) return;
    const doc = { id: documentId, tenantId: email.tenantId };
    if (await isLatest(tx, email)) {
      await markEmailSent(tx, doc.id, at);
    }
    await recordDocumentEvent(
      tx,
      doc,
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
    if (await isLatest(tx, email)) {
      await markEmailFailed(tx, doc.id, at);
    }
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
