/**
 * The web app's only way to change data: the same /v1 API every client uses. The session is the
 * HttpOnly cookie the browser sends by itself; unsafe requests echo the CSRF cookie in a header.
 */
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

function headersFor(method: string, opts: RequestOptions): Record<string, string> {
  // The API's field messages in English (its own wording): field-messages.ts words them in the
  // page's language, whatever the browser's Accept-Language would ask the API for.
  const h: Record<string, string> = { accept: 'application/json', 'accept-language': 'en', ...opts.headers };
  if (opts.body !== undefined) h['content-type'] = 'application/json';
  if (opts.issuer) h['x-issuer-id'] = opts.issuer;
  if (opts.bearer) h.authorization = `Bearer ${opts.bearer}`;
  else if (method !== 'GET' && method !== 'HEAD') {
    const csrf = cookie('eik_csrf');
    if (csrf) h['x-csrf-token'] = csrf;
  }
  return h;
}

async function problemOf(res: Response): Promise<ApiError> {
  let doc: { code?: string; detail?: string; errors?: FieldError[] } = {};
  try {
    doc = await res.json();
  } catch {
    // not JSON: a proxy or a crash; the status says enough
  }
  return new ApiError(res.status, doc.code ?? `HTTP_${res.status}`, doc.detail ?? res.statusText, doc.errors);
}

let refreshing: Promise<boolean> | null = null;
/** After going to production the session key is of the old environment: swap it once. */
function refreshSession(): Promise<boolean> {
  refreshing ??= fetch('/v1/session/refresh', {
    method: 'POST',
    credentials: 'same-origin',
    headers: headersFor('POST', {}),
  })
    .then((r) => r.ok)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function send(method: string, path: string, opts: RequestOptions, retried = false): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: headersFor(method, opts),
      body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'The service cannot be reached; check your connection');
  }
  if (res.ok) return res;
  const problem = await problemOf(res);
  if (!opts.bearer && problem.code === 'API_KEY_ENV_MISMATCH' && !retried && (await refreshSession()))
    return send(method, path, opts, true);
  if (!opts.bearer && res.status === 401 && path !== '/v1/session') notifyExpired();
  throw problem;
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: RequestOptions = {},
): Promise<T> {
  if (opts.form && opts.onProgress) return upload<T>(method, path, opts);
  const res = await send(method, path, opts);
  return (res.status === 204 ? {} : await res.json()) as T;
}

/** A file from the API (RIDE, XML, proof), for download or preview. */
export async function apiBlob(path: string, opts: RequestOptions = {}): Promise<Blob> {
  const res = await send('GET', path, { ...opts, headers: { accept: '*/*', ...opts.headers } });
  return res.blob();
}

/** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
function upload<T>(method: string, path: string, opts: RequestOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headersFor(method, { ...opts, body: undefined })))
      xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK', 'The upload was interrupted; try again'));
    xhr.onload = () => {
      let doc: Record<string, unknown> = {};
      try {
        doc = JSON.parse(xhr.responseText);
      } catch {
        // empty or not JSON
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(doc as T);
      if (xhr.status === 401 && !opts.bearer) notifyExpired();
      reject(
        new ApiError(
          xhr.status,
          (doc.code as string) ?? `HTTP_${xhr.status}`,
          (doc.detail as string) ?? xhr.statusText,
          (doc.errors as FieldError[]) ?? [],
        ),
      );
    };
    xhr.send(opts.form!);
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
