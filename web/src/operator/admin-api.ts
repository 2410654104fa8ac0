import { api, apiBlob, type Method } from '../api';

/**
 * The operator API (/admin/v1, Bearer ADMIN_TOKEN). The token lives in this module's memory only:
 * never in storage or a cookie, so closing or reloading the tab signs the operator out.
 */
let token: string | null = null;

export function setAdminToken(value: string | null): void {
  token = value;
}

export function hasAdminToken(): boolean {
  return token !== null;
}

export function admin<T = Record<string, unknown>>(method: Method, path: string, body?: unknown): Promise<T> {
  return api<T>(method, `/admin/v1${path}`, { bearer: token ?? '', ...(body !== undefined && { body }) });
}

export function adminBlob(path: string): Promise<Blob> {
  return apiBlob(`/admin/v1${path}`, { bearer: token ?? '' });
}
