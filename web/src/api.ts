/**
 * The web app's only way to change data: the same /v1 API every client uses, through the SDK's
 * HTTP core (sdk/src/http.ts: the request, the problem document, the typed errors) with a cookie
 * transport. The session is the HttpOnly cookie the browser sends by itself; unsafe requests echo
 * the CSRF cookie in a header. Nothing is retried: a person is watching and can press again.
 */
import {
  type RequestOptions as CoreRequest,
  EinvoiceApiError,
  EinvoiceConnectionError,
  HttpCore,
  type Transport,
} from '../../sdk/src/index';

export interface FieldError {
  path: string;
  message: string;
  /** Already in the UI's language (the browser's own checks, form-check.ts); the API's are English. */
  localized?: boolean;
  /** The API's own words when `message` was put in the UI's language (shown under technical details). */
  apiMessage?: string;
}

/** A problem document from the API (or a network failure dressed as one). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
    readonly errors: FieldError[] = [],
    /** `detail` is already in the UI's language (written by the page, not by the API): shown as it is. */
    readonly localized = false,
  ) {
    super(detail);
  }
  /** The message of one form field (`email`, `buyer.email`, `items[0].quantity`). */
  field(name: string): string | undefined {
    return this.fieldError(name)?.message;
  }
  fieldError(name: string): FieldError | undefined {
    return this.errors.find((e) => e.path === name);
  }
}

function cookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export interface RequestOptions {
  body?: unknown;
  form?: FormData;
  issuer?: string | null;
  /** Upload progress, 0..1 (multipart only). */
  onProgress?: (fraction: number) => void;
  /** Bearer token (operator console); the web app itself relies on its cookie. */
  bearer?: string;
  headers?: Record<string, string>;
}

/** Listeners told when the session is gone (401): the app goes back to the sign-in page. */
const expiredListeners = new Set<() => void>();
export function onSessionExpired(fn: () => void): () => void {
  expiredListeners.add(fn);
  return () => expiredListeners.delete(fn);
}

function notifyExpired(): void {
  for (const fn of expiredListeners) fn();
}

export type Method = CoreRequest['method'];

/** The session cookie goes with every request (same origin: the app is served by the API). */
const withCookie: Transport = (url, init) => fetch(url, { ...init, credentials: 'same-origin' });

let shared: HttpCore | null = null;
/** Made on first use: the module is also loaded where there is no `location` (a unit test's import). */
function core(): HttpCore {
  shared ??= new HttpCore({
    baseUrl: location.origin,
    // The API's field messages in English (its own wording): field-messages.ts words them in the
    // page's language, whatever the browser's Accept-Language would ask the API for.
    language: 'en',
    maxRetries: 0,
    // A large upload on a slow line may take minutes; the person can leave the page.
    timeoutMs: null,
    fetch: withCookie,
  });
  return shared;
}

function headersFor(method: Method, opts: RequestOptions): Record<string, string | undefined> {
  const h: Record<string, string | undefined> = { ...opts.headers };
  if (opts.issuer) h['x-issuer-id'] = opts.issuer;
  if (opts.bearer) h.authorization = `Bearer ${opts.bearer}`;
  else if (method !== 'GET') h['x-csrf-token'] = cookie('eik_csrf');
  return h;
}

/** The SDK's error as the pages read it; no answer at all is status 0, NETWORK. */
function toApiError(e: unknown, offline: string): unknown {
  if (e instanceof EinvoiceApiError) return new ApiError(e.status, e.code, e.problem.detail ?? '', e.errors);
  if (e instanceof EinvoiceConnectionError) return new ApiError(0, 'NETWORK', offline);
  return e;
}

let refreshing: Promise<boolean> | null = null;
/** After going to production the session key is of the old environment: swap it once. */
function refreshSession(): Promise<boolean> {
  refreshing ??= core()
    .request({ method: 'POST', path: '/v1/session/refresh', headers: headersFor('POST', {}) })
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function send<T>(
  method: Method,
  path: string,
  opts: RequestOptions,
  as: CoreRequest['as'],
  retried = false,
): Promise<T> {
  const upload = opts.form && opts.onProgress ? xhrTransport(opts.onProgress) : undefined;
  try {
    const headers = headersFor(method, opts);
    return await core().request<T>({
      method,
      path,
      body: opts.body,
      form: opts.form,
      headers,
      as,
      transport: upload,
    });
  } catch (e) {
    const error = toApiError(e, upload ? UPLOAD_CUT : OFFLINE);
    if (!(error instanceof ApiError) || opts.bearer) throw error;
    if (error.code === 'API_KEY_ENV_MISMATCH' && !retried && (await refreshSession()))
      return send(method, path, opts, as, true);
    if (error.status === 401 && path !== '/v1/session') notifyExpired();
    throw error;
  }
}

const OFFLINE = 'The service cannot be reached; check your connection';
const UPLOAD_CUT = 'The upload was interrupted; try again';

export async function api<T = Record<string, unknown>>(
  method: Method,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  // A 204 has no body: the pages read it as an empty object.
  return (await send<T | undefined>(method, path, opts, 'json')) ?? ({} as T);
}

/** A file from the API (RIDE, XML, proof), for download or preview. */
export function apiBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  return send<Blob>('GET', path, { ...opts, headers: { accept: '*/*', ...opts.headers } }, 'blob');
}

/**
 * A transport through XMLHttpRequest, the one browser API that reports upload progress; the
 * answer handed back as a fetch Response, so the core reads it like any other.
 */
function xhrTransport(onProgress: (fraction: number) => void): Transport {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      for (const [name, value] of new Headers(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onerror = () => reject(new TypeError('upload interrupted'));
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
        resolve(
          new Response(empty ? null : xhr.response, {
            status: xhr.status,
            statusText: xhr.statusText,
            headers,
          }),
        );
      };
      xhr.send(init.body as XMLHttpRequestBodyInit);
    });
}
/** Saves a blob under a file name (RIDE, XML). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
