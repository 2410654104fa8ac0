import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { TestContext } from '../helpers/context.js';
import { createDocument, docHeaders } from '../helpers/documents.js';
import { bearer, type RegisteredTenant } from '../helpers/tenants.js';

/** Helpers of the ATS report tests: the API calls, and the zip opened with the system's tools. */
const XSD = path.resolve('resources/sri/xsd/ats/ats.xsd');

export function atsApi(ctx: TestContext) {
  return {
    post: (t: RegisteredTenant, payload: Record<string, unknown>, lang = 'en') =>
      ctx.app.inject({
        method: 'POST',
        url: '/v1/reports/ats',
        headers: { ...bearer(t.apiKey), 'accept-language': lang },
        payload,
      }),
    get: (t: RegisteredTenant, url: string, lang = 'en') =>
      ctx.app.inject({ url, headers: { ...bearer(t.apiKey), 'accept-language': lang } }),
    put: (t: RegisteredTenant, url: string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url, headers: bearer(t.apiKey), payload }),
  };
}

/** Issues a document and expects it created; its access key. */
export async function issued(ctx: TestContext, t: RegisteredTenant, body: object): Promise<string> {
  const res = await createDocument(ctx, t, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().document.accessKey as string;
}

export async function voided(ctx: TestContext, t: RegisteredTenant, accessKey: string): Promise<void> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/documents/${accessKey}/void`,
    headers: docHeaders(t),
    payload: { confirmedSriVoid: true, reason: 'Anulada en el portal del SRI' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The zip's single entry written out, and what xmllint says of it against the SRI's schema. */
export function unzipAndValidate(zip: Buffer, entry: string): { xml: string; lint: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ats-'));
  const file = path.join(dir, 'report.zip');
  writeFileSync(file, zip);
  const listing = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim();
  expect(listing).toBe(entry);
  execFileSync('unzip', ['-o', '-q', file, '-d', dir]);
  const xmlFile = path.join(dir, entry);
  const lint = execFileSync('xmllint', ['--noout', '--schema', XSD, xmlFile], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { xml: readFileSync(xmlFile, 'utf8'), lint };
}

/** The text of every `<name>` element of a fragment, in order. */
export function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]!);
}

/** The fragments of every `<name>…</name>` block. */
export function blocks(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1]!);
}
