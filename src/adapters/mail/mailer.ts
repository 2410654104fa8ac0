import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  headers?: Record<string, string>;
}

interface SendResult {
  messageId: string;
  /** Where the message went: an SMTP server's answer, or the .eml path of the file sink. */
  response: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<SendResult>;
  close(): Promise<void>;
}

/**
 * SMTP through nodemailer's pooled transport: connections are reused across messages
 * (smtp-server and many relays greet slowly, so a new connection per mail is expensive).
 */
export function createSmtpMailer(smtpUrl: string, opts: { maxConnections?: number } = {}): Mailer {
  const url = new URL(smtpUrl);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: opts.maxConnections ?? 5,
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 25)),
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    tls: { rejectUnauthorized: url.searchParams.get('tlsRejectUnauthorized') !== 'false' },
    ignoreTLS: url.searchParams.get('ignoreTLS') === 'true',
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail(message);
      const rejected = (info.rejected ?? []) as unknown[];
      if (rejected.length) throw new Error(`recipient rejected: ${rejected.join(', ')}`);
      return { messageId: info.messageId, response: String(info.response ?? '') };
    },
    async close() {
      transport.close();
    },
  };
}

/** Without SMTP_URL: each message is written as a real RFC 5322 `.eml` file under `dir`. */
export function createFileMailer(dir: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(message) {
      const info = await transport.sendMail(message);
      await mkdir(dir, { recursive: true });
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '').slice(0, 16)}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      return { messageId: info.messageId, response: file };
    },
    async close() {},
  };
}
