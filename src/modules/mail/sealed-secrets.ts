import { randomBytes } from 'node:crypto';
import type { SecretBox } from '../../shared/secrets.js';

/** What the outbox stores of an email's content. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string | null;
}

/**
 * One-time credentials (a verification token, a sign-in code and link token) stay out of the
 * stored email (docs/hardening.md, "Secrets at rest"). Every occurrence of each value in the
 * subject and bodies becomes a random placeholder; the placeholder-to-value pairs are sealed under
 * MASTER_KEY (bound to the outbox row) and put back only when the email is sent.
 *
 * Placeholders are letters only, so a numeric code never matches inside one; values are replaced
 * longest first (a 6-digit code may also occur inside a 64-hex token) and restored in reverse, which
 * gives back the exact original text.
 */
export function sealEmailSecrets(
  box: SecretBox,
  outboxId: string,
  content: EmailContent,
  values: string[],
): { content: EmailContent; sealed: Buffer } {
  const pairs: [string, string][] = [...new Set(values)]
    .filter((v) => v.length > 0)
    .sort((a, b) => b.length - a.length)
    .map((value) => [`{{secret:${letters(16)}}}`, value]);
  const hide = (s: string) =>
    pairs.reduce((acc, [placeholder, value]) => acc.split(value).join(placeholder), s);
  return {
    content: {
      subject: hide(content.subject),
      text: hide(content.text),
      html: content.html === null ? null : hide(content.html),
    },
    sealed: box.seal(JSON.stringify(pairs), aadOf(outboxId)),
  };
}

/** The content to send: the stored one with its sealed values put back. Throws if they cannot be opened. */
export function openEmailSecrets(
  box: SecretBox,
  outboxId: string,
  content: EmailContent,
  sealed: Buffer,
): EmailContent {
  const pairs = JSON.parse(box.openString(sealed, aadOf(outboxId))) as [string, string][];
  const reveal = (s: string) =>
    pairs.reduceRight((acc, [placeholder, value]) => acc.split(placeholder).join(value), s);
  return {
    subject: reveal(content.subject),
    text: reveal(content.text),
    html: content.html === null ? null : reveal(content.html),
  };
}

const aadOf = (outboxId: string) => `outbox-secrets:${outboxId}`;

function letters(n: number): string {
  return [...randomBytes(n)].map((b) => String.fromCharCode(97 + (b % 26))).join('');
}
