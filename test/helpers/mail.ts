import { renderOutboxEmail } from '../../src/modules/mail/outbox.js';
import type { EmailContent } from '../../src/modules/mail/sealed-secrets.js';
import type { TestContext } from './context.js';

/**
 * The newest email of `kind` to `to`, as its recipient reads it. The outbox keeps one-time
 * credentials sealed until the email is sent and erases them then, so a pending email is rendered
 * the way the sender renders it, and a sent one is taken from what the mailer sent.
 */
export async function latestEmail(ctx: TestContext, kind: string, to: string): Promise<EmailContent | null> {
  const [row] = await ctx.query<{
    id: string;
    subject: string;
    body_text: string;
    body_html: string | null;
    secrets_sealed: Buffer | null;
    message_id: string | null;
  }>(
    `select id, subject, body_text, body_html, secrets_sealed, message_id from outbox_emails
      where kind = $1 and lower(to_address) = lower($2) order by created_at desc, id desc limit 1`,
    [kind, to],
  );
  if (!row) return null;
  if (row.message_id) {
    const sent = ctx.sentMail.get(row.message_id);
    if (!sent) throw new Error(`email ${row.id} was sent by another process: read it from its SMTP server`);
    return { subject: sent.subject, text: sent.text, html: sent.html ?? null };
  }
  return renderOutboxEmail(ctx.deps.secrets, {
    id: row.id,
    subject: row.subject,
    bodyText: row.body_text,
    bodyHtml: row.body_html,
    secretsSealed: row.secrets_sealed,
  });
}
