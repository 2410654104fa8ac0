import { Type } from '@sinclair/typebox';
import { eq } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer.js';
import type { Executor } from '../../db/pool.js';
import { type OutboxAttachment, outboxEmails } from '../../db/tables.js';
import {
  executorOf,
  inOneStatement,
  type UnitOfWork,
  type WriteTarget,
  writeTo,
} from '../../db/unit-of-work.js';
import { defineJob, enqueue, JobId } from '../../jobs/queue.js';
import type { Clock } from '../../shared/clock.js';
import { uuidv7 } from '../../shared/ids.js';
import type { SecretBox } from '../../shared/secrets.js';
import { type EmailContent, openEmailSecrets, sealEmailSecrets } from './sealed-secrets.js';

/** The payload of SEND_EMAIL_JOB, checked when the job runs. */
const SEND_EMAIL_PAYLOAD = {
  version: 1,
  // `kind` (added later, optional: older jobs lack it) lets the job read the email with what its
  // kind's attachments need in one statement (OutboxHooks.loaders).
  payload: Type.Object({ outboxId: JobId, kind: Type.Optional(Type.String({ maxLength: 100 })) }),
};

const SEND_EMAIL_JOB = 'mail.send';
/** Delivery attempts before an email is FAILED (graphile-worker backs off exponentially between them). */
const EMAIL_MAX_ATTEMPTS = 8;

export interface QueuedEmail {
  tenantId: string | null;
  /** What the email is, e.g. `verification`, `document`; drives the outcome hooks. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
  ref?: Record<string, string>;
  /**
   * One-time credentials the email carries (tokens, codes): never stored in clear. They are sealed
   * with `box` and put back into the subject and bodies only when the email is sent.
   */
  secrets?: { box: SecretBox; values: string[] };
}

/**
 * Writes the email to the outbox and queues its job, in the caller's transaction, or at the flush
 * of its unit of work (nothing reads the row before the commit).
 */
export async function queueEmail(to: WriteTarget, email: QueuedEmail, now: Date): Promise<string> {
  const id = uuidv7(now.getTime());
  let content: EmailContent = { subject: email.subject, text: email.text, html: email.html ?? null };
  let secretsSealed: Buffer | null = null;
  if (email.secrets) {
    const sealed = sealEmailSecrets(email.secrets.box, id, content, email.secrets.values);
    content = sealed.content;
    secretsSealed = sealed.sealed;
  }
  await writeTo(
    to,
    executorOf(to)
      .insert(outboxEmails)
      .values({
        id,
        tenantId: email.tenantId,
        kind: email.kind,
        toAddress: email.to,
        subject: content.subject,
        bodyText: content.text,
        bodyHtml: content.html,
        secretsSealed,
        attachments: email.attachments ?? [],
        ref: email.ref ?? null,
        status: 'PENDING',
        attempts: 0,
        createdAt: now,
      }),
  );
  await enqueue(
    to,
    SEND_EMAIL_JOB,
    SEND_EMAIL_PAYLOAD,
    { outboxId: id, kind: email.kind },
    // The key is new (a new id): 'preserve_run_at' changes nothing here, and lets an authorization
    // add this job and its DOCUMENT_AUTHORIZED job (preserve_run_at) in one add_jobs call.
    { maxAttempts: EMAIL_MAX_ATTEMPTS, jobKey: `mail:${id}`, jobKeyMode: 'preserve_run_at' },
  );
  return id;
}

export type OutboxRow = typeof outboxEmails.$inferSelect;

/** The email as its recipient gets it: sealed credentials put back (throws when they cannot be opened). */
export function renderOutboxEmail(
  box: SecretBox,
  email: Pick<OutboxRow, 'id' | 'subject' | 'bodyText' | 'bodyHtml' | 'secretsSealed'>,
): EmailContent {
  const stored = { subject: email.subject, text: email.bodyText, html: email.bodyHtml };
  return email.secretsSealed ? openEmailSecrets(box, email.id, stored, email.secretsSealed) : stored;
}

/** An SMTP 5xx answer (e.g. 550 mailbox unavailable) will not change on retry; 4xx and network errors may. */
function isPermanentFailure(e: unknown): boolean {
  const code = (e as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Hooks other modules register for their kinds of email: resolve attachments at send time
 * (a RIDE is rendered when sent, not stored), and react to the outcome (tenant events,
 * document email status, notifications).
 */
export interface OutboxHooks {
  /** `shared`: one map per email sent, for resolvers of one email to share what they read. */
  attachmentResolvers: Map<
    string,
    (
      params: Record<string, string>,
      shared: Map<string, unknown>,
    ) => Promise<{ filename: string; content: Buffer; contentType: string }>
  >;
  /**
   * Optional, per kind: reads the email together with what its attachment resolvers need, in one
   * statement, and puts that into `shared` (the map the resolvers of this email get). Null when
   * the email does not exist.
   */
  loaders?: Map<
    string,
    (exec: Executor, outboxId: string, shared: Map<string, unknown>) => Promise<OutboxRow | null>
  >;
  /**
   * A sent email's outcome, per kind: its writes go through `uow` only, flushed with the SENT
   * mark as one statement (one round trip, atomic without a transaction); reads through `uow.tx`
   * see what is committed.
   */
  onSent: Map<string, (uow: UnitOfWork, email: OutboxRow, at: Date) => Promise<void>>;
  onFailed: Map<string, (tx: Executor, email: OutboxRow, error: string, at: Date) => Promise<void>>;
}

export function createOutboxHooks(): OutboxHooks {
  return {
    attachmentResolvers: new Map(),
    loaders: new Map(),
    onSent: new Map(),
    onFailed: new Map(),
  };
}

export function createSendEmailJob(deps: {
  db: Executor;
  mailer: Mailer;
  clock: Clock;
  mailFrom: string;
  hooks: OutboxHooks;
  secrets: SecretBox;
}) {
  const { db, mailer, clock, mailFrom, hooks, secrets } = deps;
  return defineJob(SEND_EMAIL_JOB, SEND_EMAIL_PAYLOAD, async ({ outboxId, kind }, ctx) => {
    const shared = new Map<string, unknown>();
    const loader = kind === undefined ? undefined : hooks.loaders?.get(kind);
    const email = loader
      ? await loader(db, outboxId, shared)
      : (await db.select().from(outboxEmails).where(eq(outboxEmails.id, outboxId)))[0];
    if (!email || email.status !== 'PENDING') return; // already sent (a retried job after a crash)
    try {
      let content: EmailContent;
      try {
        content = renderOutboxEmail(secrets, email);
      } catch {
        // MASTER_KEY changed under the sealed credentials: no retry can send this email.
        throw Object.assign(new Error('sealed credentials cannot be opened (MASTER_KEY changed?)'), {
          responseCode: 554,
        });
      }
      const attachments = [];
      for (const a of email.attachments) {
        if ('resolver' in a) {
          const resolve = hooks.attachmentResolvers.get(a.resolver);
          if (!resolve) throw new Error(`no attachment resolver ${a.resolver}`);
          attachments.push(await resolve(a.params, shared));
        } else {
          attachments.push({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.contentBase64, 'base64'),
          });
        }
      }
      const result = await mailer.send({
        from: mailFrom,
        to: email.toAddress,
        subject: content.subject,
        text: content.text,
        html: content.html ?? undefined,
        attachments,
      });
      const at = clock.now();
      const sentEmail: OutboxRow = {
        ...email,
        status: 'SENT',
        sentAt: at,
        messageId: result.messageId,
        attempts: ctx.attempt,
        lastError: null,
        secretsSealed: null,
      };
      await inOneStatement(db, async (uow) => {
        uow.write(
          uow.tx
            .update(outboxEmails)
            .set({
              status: 'SENT',
              sentAt: at,
              messageId: result.messageId,
              attempts: ctx.attempt,
              lastError: null,
              // Sent: the one-time credentials have no further use here.
              secretsSealed: null,
            })
            .where(eq(outboxEmails.id, email.id)),
        );
        await hooks.onSent.get(email.kind)?.(uow, sentEmail, at);
      });
    } catch (e) {
      const message = (e as Error).message ?? String(e);
      const at = clock.now();
      if (ctx.isLastAttempt || isPermanentFailure(e)) {
        await db.transaction(async (tx) => {
          await tx
            .update(outboxEmails)
            .set({
              status: 'FAILED',
              failedAt: at,
              attempts: ctx.attempt,
              lastError: message,
              secretsSealed: null,
            })
            .where(eq(outboxEmails.id, email.id));
          await hooks.onFailed.get(email.kind)?.(tx as unknown as Executor, email, message, at);
        });
        return; // recorded as a permanent failure; do not let the queue retry forever
      }
      await db
        .update(outboxEmails)
        .set({ attempts: ctx.attempt, lastError: message })
        .where(eq(outboxEmails.id, email.id));
      throw e;
    }
  });
}
