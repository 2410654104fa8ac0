import type { Executor } from '../../db/pool.js';
import { type Notifier, type ProducedNotification, tenantOf } from './notifier.js';
import { emailFailedText, submissionFailedText } from './texts.js';

interface DocumentRef {
  accessKey: string;
  /** `01`, `04`, ... */
  documentType: string;
  /** 9 digits, zero padded. */
  sequential: string;
}

export interface EmailDeliveryFailedInput {
  tenantId: string;
  issuerId?: string | null;
  /** The address that refused the email. */
  recipient: string;
  /** The permanent failure, e.g. the SMTP answer `550 mailbox unavailable`. */
  error: string;
  /** The outbox email id, when there is one. */
  emailId?: string | null;
  /** The document whose RIDE and XML were being sent, if any. */
  document?: DocumentRef | null;
}

interface SriMessage {
  identifier: string;
  message: string;
  additionalInfo?: string | null;
  type?: string | null;
}

export interface SubmissionFailedInput {
  tenantId: string;
  issuerId: string;
  document: DocumentRef;
  /** RETURNED (DEVUELTA at reception) or NOT_AUTHORIZED (NO AUTORIZADO). */
  status: 'RETURNED' | 'NOT_AUTHORIZED';
  /** The tax authority's messages, as recorded in sri-responses. */
  messages: SriMessage[];
}

/** Metadata stays small: webhooks carry it on every delivery. */
const MAX_MESSAGES = 10;
const clip = (s: string | null | undefined, n = 500) =>
  s == null ? null : s.length > n ? `${s.slice(0, n - 1)}…` : s;

/** EMAIL_DELIVERY_FAILED and SRI_SUBMISSION_FAILED; both upsert per document (dedupe by access key). */
export function createFailureProducers(deps: { notifier: Notifier }) {
  const { notifier } = deps;
  return {
    /**
     * WARNING: an email the service sent for the tenant failed permanently. Metadata:
     * `{accessKey, documentType, sequential, recipient, error, emailId}` (document fields null for
     * emails not about a document). No email equivalent is sent when the failed recipient is the
     * tenant's own address: it would fail the same way.
     */
    async emailDeliveryFailed(
      tx: Executor,
      input: EmailDeliveryFailedInput,
      now: Date,
    ): Promise<ProducedNotification> {
      const tenant = await tenantOf(tx, input.tenantId);
      const error = clip(input.error)!;
      const doc = input.document ?? null;
      const text = emailFailedText(tenant.language, {
        sequential: doc?.sequential ?? null,
        recipient: input.recipient,
        error,
      });
      const dedupeKey = doc
        ? `EMAIL_DELIVERY_FAILED:${doc.accessKey}`
        : input.emailId
          ? `EMAIL_DELIVERY_FAILED:email:${input.emailId}`
          : null;
      return notifier.save(
        tx,
        tenant,
        {
          issuerId: input.issuerId ?? null,
          type: 'EMAIL_DELIVERY_FAILED',
          severity: 'WARNING',
          ...text,
          metadata: {
            accessKey: doc?.accessKey ?? null,
            documentType: doc?.documentType ?? null,
            sequential: doc?.sequential ?? null,
            recipient: input.recipient,
            error,
            emailId: input.emailId ?? null,
          },
          expiresAt: null,
        },
        dedupeKey,
        now,
        { email: input.recipient.trim().toLowerCase() !== tenant.email.trim().toLowerCase() },
      );
    },

    /**
     * ERROR: the tax authority refused a submission for good (DEVUELTA or NO AUTORIZADO).
     * Metadata: `{accessKey, documentType, sequential, status, messages[]}` with the tax
     * authority's messages `{identifier, message, additionalInfo, type}` (at most 10).
     */
    async submissionFailed(
      tx: Executor,
      input: SubmissionFailedInput,
      now: Date,
    ): Promise<ProducedNotification> {
      const tenant = await tenantOf(tx, input.tenantId);
      const messages = input.messages.slice(0, MAX_MESSAGES).map((m) => ({
        identifier: clip(m.identifier, 20)!,
        message: clip(m.message)!,
        additionalInfo: clip(m.additionalInfo),
        type: clip(m.type, 20),
      }));
      const first = messages[0];
      const reason = first
        ? `${first.identifier} ${first.message}${first.additionalInfo ? ` (${first.additionalInfo})` : ''}`
        : null;
      const text = submissionFailedText(tenant.language, {
        sequential: input.document.sequential,
        status: input.status,
        reason,
      });
      return notifier.save(
        tx,
        tenant,
        {
          issuerId: input.issuerId,
          type: 'SRI_SUBMISSION_FAILED',
          severity: 'ERROR',
          ...text,
          metadata: {
            accessKey: input.document.accessKey,
            documentType: input.document.documentType,
            sequential: input.document.sequential,
            status: input.status,
            messages,
          },
          expiresAt: null,
        },
        `SRI_SUBMISSION_FAILED:${input.document.accessKey}`,
        now,
      );
    },
  };
}
