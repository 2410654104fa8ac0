import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { readP12 } from '../../src/adapters/signing/p12.js';
import { signDocumentXml } from '../../src/adapters/signing/xades.js';
import { buildAccessKey } from '../../src/modules/documents/access-key.js';
import type {
  DocumentHeader,
  DocumentTypeCode,
  TypeContext,
} from '../../src/modules/documents/types/definition.js';
import type { Environment, IssuerSnapshot } from '../../src/shared/document-model.js';
import type { AppError } from '../../src/shared/errors.js';
import { parseXml, type XmlNode } from '../fiscal/xml-tools.js';
import { makeCertificate } from '../helpers/certificates.js';
import { SAMPLES_DIR } from '../sri/fixtures.js';

/** Shared pieces of the per-type tests: issuer, header, schemas, signing, sample comparison. */
export const XSD_DIR = fileURLToPath(new URL('../../resources/sri/xsd/', import.meta.url));
export const sample = (file: string) => readFileSync(path.join(SAMPLES_DIR, file), 'utf8');

const ISSUER: IssuerSnapshot = {
  ruc: '1790011674001',
  businessName: 'Comercializadora Ñandú & Hijos S.A.',
  tradeName: 'El Ñandú',
  mainAddress: 'Av. 10 de Agosto N36-125 y Naciones Unidas, Quito',
  branchAddress: 'Calle Sucre 3-45, Cuenca',
  branchCode: '002',
  issuePointCode: '015',
  requiredAccounting: true,
  specialTaxpayer: '5368',
  retentionAgentResolution: '1',
  rimpeRegime: null,
};

export function contextFor(
  today: string,
  issuer: IssuerSnapshot = ISSUER,
  environment: Environment = 'sandbox',
): TypeContext {
  return { today, environment, issuer };
}

export function headerFor(
  documentType: DocumentTypeCode,
  issueDate: string,
  opts: {
    issuer?: IssuerSnapshot;
    environment?: Environment;
    sequential?: string;
    numericCode?: string;
  } = {},
): DocumentHeader {
  const issuer = opts.issuer ?? ISSUER;
  const environment = opts.environment ?? 'sandbox';
  const sequential = opts.sequential ?? String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const accessKey = buildAccessKey({
    issueDate,
    documentType,
    ruc: issuer.ruc,
    environment,
    branchCode: issuer.branchCode,
    issuePointCode: issuer.issuePointCode,
    sequential,
    numericCode: opts.numericCode ?? '12345678',
    emissionType: '1',
  });
  return { documentType, environment, accessKey, sequential, issueDate, issuer };
}

/** The field errors of a VALIDATION_FAILED thrown by `fn`. */
export function fieldErrors(fn: () => unknown): { path: string; message: string }[] {
  try {
    fn();
  } catch (e) {
    const err = e as AppError;
    expect(err.code).toBe('VALIDATION_FAILED');
    expect(err.status).toBe(400);
    return err.errors ?? [];
  }
  throw new Error('expected VALIDATION_FAILED, nothing was thrown');
}

/** Expects exactly one refusal, at `path`, its message matching `message`. */
export function expectRefusal(fn: () => unknown, path: string, message?: RegExp): void {
  const errors = fieldErrors(fn);
  expect(errors.map((e) => e.path)).toEqual([path]);
  if (message) expect(errors[0]!.message).toMatch(message);
}

const issued = makeCertificate();
export const CERT_PEM = issued.certPem;
const signingCertificate = () => readP12(issued.p12, issued.password, new Date());
export const sign = (xml: string, at = new Date()) => signDocumentXml(xml, signingCertificate(), at);

/** The signature element taken out, as the schemas want it (docs/spec-map.md, SRI §0). */
export const withoutSignature = (xml: string) => xml.replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '');

/**
 * Every leaf of the document (elements with text, and attributes) as "path = value" in document
 * order, numbered among same-named siblings. Decimal values are compared as numbers (a real
 * document writes "15" where we write "15.00").
 */
export function leaves(xml: string): string[] {
  const out: string[] = [];
  const walk = (node: XmlNode, at: string) => {
    const attrs = (node as unknown as { attributes: ArrayLike<{ name: string; value: string }> }).attributes;
    for (const a of Array.from(attrs ?? [])) out.push(`${at}/@${a.name} = ${a.value}`);
    const children = Array.from(node.childNodes).filter(
      (c) => c.nodeName !== '#text' && !c.nodeName.startsWith('#'),
    );
    if (children.length === 0) {
      out.push(`${at} = ${normalize(node.textContent ?? '')}`);
      return;
    }
    const counts = new Map<string, number>();
    for (const c of children) {
      if (c.nodeName === 'ds:Signature') continue;
      const k = (counts.get(c.nodeName) ?? 0) + 1;
      counts.set(c.nodeName, k);
      walk(c, `${at}/${c.nodeName}[${k}]`);
    }
  };
  const root = parseXml(xml).documentElement;
  walk(root, root.nodeName);
  return out;
}

function normalize(value: string): string {
  const v = value.trim();
  return /^\d+\.\d+$/.test(v) ? String(Number(v)) : v;
}
