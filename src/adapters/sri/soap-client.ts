import http from 'node:http';
import https from 'node:https';
import { authorizationRequest, receptionRequest, statusRequest } from './envelopes.js';
import {
  openEnvelope,
  parseAuthorizationBody,
  parseReceptionBody,
  parseStatusBody,
} from './response-parser.js';
import {
  type AuthorizationResult,
  type ReceptionResult,
  type SriEnvironment,
  SriTransportError,
  type StatusResult,
} from './types.js';
import type { XmlNode } from './xml-text.js';

export interface SriEndpoints {
  reception: string;
  authorization: string;
}

export interface SriClientOptions {
  endpoints: Record<SriEnvironment, SriEndpoints>;
  /** Whole exchange (connect, send, read the answer); past it the call fails with HTTP_TIMEOUT. */
  timeoutMs: number;
  /** Parallel connections per host; the benchmark submits many documents at once. */
  maxSockets?: number;
}

export interface SriClient {
  validate(environment: SriEnvironment, signedXml: string): Promise<ReceptionResult>;
  authorize(environment: SriEnvironment, accessKey: string): Promise<AuthorizationResult>;
  /** ConsultaComprobante, beside the authorization service on the same host (REFERENCE-PURCHASES §2). */
  status(environment: SriEnvironment, accessKey: string): Promise<StatusResult>;
  /** Closes the idle keep-alive connections. */
  close(): void;
}

interface RawAnswer {
  status: number;
  body: Buffer;
}

/** Free sockets are dropped before the common 5 s server keep-alive, so a reused one is rarely dead. */
const IDLE_SOCKET_MS = 4000;

export function createSriClient(options: SriClientOptions): SriClient {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, timeout: IDLE_SOCKET_MS };
  const httpAgent = new http.Agent(agentOptions);
  const httpsAgent = new https.Agent(agentOptions);

  async function call(url: string, envelope: string): Promise<{ body: XmlNode; raw: Buffer }> {
    const answer = await post(new URL(url), Buffer.from(envelope, 'utf8'));
    const ok = answer.status >= 200 && answer.status < 300;
    let soap: ReturnType<typeof openEnvelope>;
    try {
      soap = openEnvelope(answer.body);
    } catch (e) {
      if (ok) throw e;
      throw new SriTransportError(`HTTP_${answer.status}`, `The service answered HTTP ${answer.status}`);
    }
    if (soap.kind === 'fault') {
      throw new SriTransportError(`HTTP_${answer.status}`, `SOAP Fault: ${soap.faultString}`);
    }
    if (!ok)
      throw new SriTransportError(`HTTP_${answer.status}`, `The service answered HTTP ${answer.status}`);
    return { body: soap.body, raw: answer.body };
  }

  function post(url: URL, payload: Buffer): Promise<RawAnswer> {
    const isHttps = url.protocol === 'https:';
    const transport = isHttps ? https : http;
    return new Promise<RawAnswer>((resolve, reject) => {
      let settled = false;
      const finish = (err: Error | null, answer?: RawAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(answer!);
      };
      const req = transport.request(url, {
        method: 'POST',
        agent: isHttps ? httpsAgent : httpAgent,
        headers: {
          'Content-Type': 'text/xml; charset=UTF-8',
          // Empty, as the WSDL says: a non-empty SOAPAction gets HTTP 500 (ENVELOPES.md §1).
          SOAPAction: '""',
          'Content-Length': payload.length,
        },
      });
      const timer = setTimeout(() => {
        finish(
          new SriTransportError('HTTP_TIMEOUT', `No answer from ${url.host} within ${options.timeoutMs} ms`),
        );
        req.destroy();
      }, options.timeoutMs);
      req.on('error', (e) => finish(connectionError(url, e)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', (e) => finish(connectionError(url, e)));
        res.on('aborted', () => finish(connectionError(url, new Error('answer cut short'))));
        res.on('end', () => {
          if (!res.complete) finish(connectionError(url, new Error('answer cut short')));
          else finish(null, { status: res.statusCode ?? 0, body: Buffer.concat(chunks) });
        });
      });
      req.end(payload);
    });
  }

  return {
    async validate(environment, signedXml) {
      const { body, raw } = await call(options.endpoints[environment].reception, receptionRequest(signedXml));
      return parseReceptionBody(body, raw);
    },
    async authorize(environment, accessKey) {
      const { body, raw } = await call(
        options.endpoints[environment].authorization,
        authorizationRequest(accessKey),
      );
      return parseAuthorizationBody(body, raw);
    },
    async status(environment, accessKey) {
      const url = new URL('ConsultaComprobante', options.endpoints[environment].authorization).href;
      const { body, raw } = await call(url, statusRequest(accessKey));
      return parseStatusBody(body, raw);
    },
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

function connectionError(url: URL, cause: Error): SriTransportError {
  const code = (cause as NodeJS.ErrnoException).code;
  return new SriTransportError(
    'HTTP_CONNECTION_ERROR',
    `Connection to ${url.host} failed: ${code ?? cause.message}`,
    { cause },
  );
}
// The authorization helpers belong with the client for its callers.
