import { apiError, EinvoiceConnectionError } from './errors.js';
import type { Problem } from './types.js';

export interface ClientOptions {
  /** `eik_test_…` (sandbox) or `eik_live_…` (production). */
  apiKey: string;
  /** Default `http://localhost:3000`. */
  baseUrl?: string;
  /** Sent as X-Issuer-Id on document routes unless a call names another issuer. */
  issuerId?: string;
  /** Retries after a 429, a 5xx or a dropped connection (default 3). */
  maxRetries?: number;
  /** Time-out of one attempt in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Another fetch (a proxy agent, a test double); default the global one. */
  fetch?: Transport;
  /** Called before each retry, with the delay about to be waited. */
  onRetry?: (info: RetryInfo) => void;
  /** The language of the API's field messages (`errors` of a 400), sent as Accept-Language; default English. */
  language?: 'es' | 'en';
}

/**
 * Sends one attempt: `fetch` itself, or any function of its signature. The web app passes one
 * that sends the session cookie, and an XMLHttpRequest one for uploads that report progress.
 */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;

/**
 * What the core needs. The API key is optional here: the web app signs its requests with the
 * session cookie (its transport), which the published client (ClientOptions) never does.
 */
export interface CoreOptions extends Omit<ClientOptions, 'apiKey' | 'timeoutMs'> {
  apiKey?: string;
  /** Time-out of one attempt in milliseconds; null for none (a browser uploading a large file). */
  timeoutMs?: number | null;
}

export interface RetryInfo {
  attempt: number;
  delayMs: number;
  status: number | null;
  error: unknown;
  method: string;
  path: string;
}

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  form?: FormData;
  headers?: Record<string, string | undefined>;
  /** Safe to send again (idempotent method, or an Idempotency-Key): retried after a 5xx or a lost answer. */
  retrySafe?: boolean;
  as?: 'json' | 'bytes' | 'text' | 'blob';
  /** This request through another transport (the web app's uploads with progress). */
  transport?: Transport;
}

const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);
const MAX_DELAY_MS = 30_000;

/** Seconds or an HTTP date, as RFC 9110 allows; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** 0.5 s, 1 s, 2 s… with ±25 % jitter, capped. */
export function backoffMs(attempt: number): number {
  const base = Math.min(500 * 2 ** (attempt - 1), 8_000);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HttpCore {
  readonly baseUrl: string;
  readonly issuerId: string | undefined;
  private readonly apiKey: string | undefined;
  private readonly maxRetries: number;
  private readonly timeoutMs: number | null;
  private readonly transport: Transport;
  private readonly onRetry: ((info: RetryInfo) => void) | undefined;
  private readonly language: 'es' | 'en' | undefined;

  constructor(options: CoreOptions) {
    this.apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
    this.issuerId = options.issuerId;
    this.maxRetries = options.maxRetries ?? 3;
    this.timeoutMs = options.timeoutMs === undefined ? 30_000 : options.timeoutMs;
    this.transport = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.onRetry = options.onRetry;
    this.language = options.language;
  }

  url(path: string, query?: RequestOptions['query']): string {
    const url = new URL(this.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async request<T>(opts: RequestOptions): Promise<T> {
    const retrySafe =
      opts.retrySafe ?? (opts.method === 'GET' || opts.method === 'PUT' || opts.method === 'DELETE');
    const headers: Record<string, string> = {
      ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
      accept: 'application/json',
      ...(this.language ? { 'accept-language': this.language } : {}),
    };
    for (const [k, v] of Object.entries(opts.headers ?? {}))
      if (v !== undefined) headers[k.toLowerCase()] = v;
    let body: string | FormData | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const url = this.url(opts.path, opts.query);
    const transport = opts.transport ?? this.transport;
    for (let attempt = 1; ; attempt++) {
      let response: Response | null = null;
      let error: unknown = null;
      try {
        response = await transport(url, {
          method: opts.method,
          headers,
          body,
          ...(this.timeoutMs !== null && { signal: AbortSignal.timeout(this.timeoutMs) }),
        });
      } catch (e) {
        error = e;
      }
      const retryable = response
        ? response.status === 429 || (retrySafe && RETRY_STATUSES.has(response.status))
        : retrySafe;
      if (retryable && attempt <= this.maxRetries) {
        const delayMs = Math.min(
          (response && retryAfterMs(response.headers.get('retry-after'))) ?? backoffMs(attempt),
          MAX_DELAY_MS,
        );
        await response?.body?.cancel().catch(() => {});
        this.onRetry?.({
          attempt,
          delayMs,
          status: response?.status ?? null,
          error,
          method: opts.method,
          path: opts.path,
        });
        await sleep(delayMs);
        continue;
      }
      if (!response) {
        throw new EinvoiceConnectionError(
          `${opts.method} ${opts.path}: ${String((error as Error)?.message ?? error)}`,
          {
            cause: error,
          },
        );
      }
      if (!response.ok) throw await this.toError(response);
      if (response.status === 204) return undefined as T;
      if (opts.as === 'blob') return (await response.blob()) as T;
      if (opts.as === 'bytes') return new Uint8Array(await response.arrayBuffer()) as T;
      if (opts.as === 'text') return (await response.text()) as T;
      return (await response.json()) as T;
    }
  }

  private async toError(response: Response) {
    const requestId = response.headers.get('x-request-id');
    const text = await response.text();
    let problem: Problem;
    try {
      problem = JSON.parse(text) as Problem;
      if (typeof problem?.code !== 'string') throw new Error('not a problem document');
    } catch {
      problem = {
        type: 'about:blank',
        title: response.statusText || 'Error',
        status: response.status,
        code: 'UNKNOWN',
        detail: text.slice(0, 500),
        instance: new URL(response.url || this.baseUrl).pathname,
      };
    }
    return apiError(response.status, problem, requestId);
  }
}
