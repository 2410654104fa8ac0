import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL (plain, no TLS: a local test peer). */
  url: string;
  messages: ParsedMail[];
  /** Waits until a message matching `predicate` arrives. */
  waitFor(predicate: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Makes the next `n` RCPT commands fail: permanently (550) or temporarily (451). */
  rejectNext(n: number, code?: 550 | 451): void;
  /** While stalled, RCPT commands get no answer (a relay that hangs); `stalledCount` counts them. */
  stall(on: boolean): void;
  readonly stalledCount: number;
  close(): Promise<void>;
}

/** A real SMTP server in the test process (smtp-server), collecting parsed messages. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const messages: ParsedMail[] = [];
  const waiters: { predicate: (m: ParsedMail) => boolean; resolve: (m: ParsedMail) => void }[] = [];
  let rejections = 0;
  let rejectionCode = 550;
  let stalled = false;
  let stalledCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (stalled) {
        stalledCount += 1;
        return; // never answered: the client waits until it gives up or dies
      }
      if (rejections > 0) {
        rejections -= 1;
        const err = new Error('mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = rejectionCode;
        return callback(err);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          for (const w of [...waiters]) {
            if (w.predicate(parsed)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(parsed);
            }
          }
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies in the middle of a transaction (the crash tests kill workers whose email
  // is stalled at RCPT TO) resets its connection: smtp-server reports that as an 'error' event on
  // the server, which without a listener would be an uncaught exception in the test process.
  server.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'ECONNRESET' && e.code !== 'EPIPE') throw e;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    waitFor(predicate, timeoutMs = 30_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no matching email arrived')), timeoutMs);
        waiters.push({
          predicate,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    rejectNext(n, code = 550) {
      rejections = n;
      rejectionCode = code;
    },
    stall(on) {
      stalled = on;
    },
    get stalledCount() {
      return stalledCount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
