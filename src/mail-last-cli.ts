/**
 * `npm run mail:last [-- --token | --links]`: the newest email of the development mail sink
 * (`DATA_DIR/mail/*.eml`, written when SMTP_URL is unset), decoded: sender, recipient, subject and
 * the plain-text body, without fighting quoted-printable. `--links` prints only its links, one a
 * line; `--token` the value of the first link's `token` parameter (the email verification token,
 * README "First minute").
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { dataDirOf } from './config/config.js';

export interface DecodedMail {
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
}

/** Decodes an RFC 5322 message as nodemailer writes it: headers, and its text/plain part. */
export function decodeEml(raw: string): DecodedMail {
  const { headers, body } = splitHeaders(raw.replace(/\r\n/g, '\n'));
  const text = textPart(headers, body) ?? '';
  return {
    from: decodeWords(headers.get('from') ?? ''),
    to: decodeWords(headers.get('to') ?? ''),
    subject: decodeWords(headers.get('subject') ?? ''),
    date: headers.get('date') ?? '',
    text,
  };
}

export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [])];
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf('\n\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end + 2);
  const headers = new Map<string, string>();
  let last = '';
  for (const line of head.split('\n')) {
    if (/^[ \t]/.test(line) && last) {
      headers.set(last, `${headers.get(last)} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    last = line.slice(0, colon).trim().toLowerCase();
    headers.set(last, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textPart(headers: Map<string, string>, body: string): string | null {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitHeaders(chunk.replace(/^\n/, ''));
      const found = textPart(part.headers, part.body);
      if (found !== null) return found;
    }
    return null;
  }
  if (!/^text\/plain/i.test(type)) return null;
  const charset = (/charset="?([^";]+)"?/i.exec(type)?.[1] ?? 'utf-8').toLowerCase();
  const bytes = decodeTransfer(body, headers.get('content-transfer-encoding') ?? '7bit');
  return new TextDecoder(charset).decode(bytes).trimEnd();
}

function decodeTransfer(body: string, encoding: string): Uint8Array {
  switch (encoding.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return quotedPrintable(body);
    default:
      return Buffer.from(body, 'utf8');
  }
}

function quotedPrintable(body: string): Uint8Array {
  const joined = body.replace(/=\n/g, '');
  const out: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      out.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      out.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Uint8Array.from(out);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, data: string) => {
      const bytes =
        kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : quotedPrintable(data.replace(/_/g, ' '));
      return new TextDecoder(charset.toLowerCase()).decode(bytes);
    });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]).endsWith('mail-last-cli.ts');
if (isMain) {
  const dir = path.join(dataDirOf(), 'mail');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  if (files.length === 0) {
    console.error(
      `No email in ${dir} yet (emails are written there when SMTP_URL is unset; DATA_DIR chooses the folder)`,
    );
    process.exit(1);
  }
  const newest = files
    .map((f) => ({ f, t: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.t - a.t || b.f.localeCompare(a.f))[0]!.f;
  const mail = decodeEml(readFileSync(path.join(dir, newest), 'utf8'));
  const links = linksOf(mail.text);
  const arg = process.argv[2];
  if (arg === '--links') {
    for (const l of links) console.log(l);
  } else if (arg === '--token') {
    const token = links.map((l) => new URL(l).searchParams.get('token')).find(Boolean);
    if (!token) {
      console.error(`The newest email (${mail.subject}) has no link with a token`);
      process.exit(1);
    }
    console.log(token);
  } else {
    console.log(`File:    ${path.join(dir, newest)}`);
    console.log(`Date:    ${mail.date}`);
    console.log(`From:    ${mail.from}`);
    console.log(`To:      ${mail.to}`);
    console.log(`Subject: ${mail.subject}`);
    console.log('');
    console.log(mail.text);
  }
}
