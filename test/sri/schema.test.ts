import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadSchemas, validateDocument } from '../../src/adapters/sri/simulator/schema-validator.js';
import { makeCertificate } from '../helpers/certificates.js';
import { buildCreditNote, buildInvoice, SAMPLES_DIR } from './fixtures.js';
import { signXml } from './sign.js';

/** Error 35's structure check: the official schemas, compiled once, with ds:Signature allowed. */

const sample = (name: string) => readFileSync(path.join(SAMPLES_DIR, name));
const cert = makeCertificate();

describe('schema validation (libxml2-wasm)', () => {
  it.each([
    'factura_v1.1.0_real_0810202301019047913700120021000000699911921739517.extracted.xml',
    'factura_v1.1.0_real_1312202301179001691900122011070002060400460006816.extracted.xml',
    'factura_v1.1.0_signed.ec-sri-invoice-signer.xml',
    'notaCredito_v1.1.0_signed.ec-sri-invoice-signer.xml',
  ])('accepts the signed sample %s as it is', (name) => {
    expect(validateDocument(sample(name))).toMatchObject({ ok: true, version: '1.1.0' });
  });

  it('accepts unsigned and signed test documents of both types', () => {
    for (const build of [buildInvoice, buildCreditNote]) {
      const { xml } = build();
      expect(validateDocument(Buffer.from(xml)).ok).toBe(true);
      expect(validateDocument(Buffer.from(signXml(xml, cert))).ok).toBe(true);
    }
  });

  it('agrees with xmllint on the unsigned document', () => {
    const { xml } = buildInvoice();
    const schema = path.resolve('resources/sri/xsd/factura_V1.1.0.xsd');
    expect(() =>
      execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], { input: xml, stdio: 'pipe' }),
    ).not.toThrow();
  });

  it('refuses what the schema forbids, naming the element', () => {
    const { xml } = buildInvoice();
    const outcome = validateDocument(Buffer.from(xml.replace('<tipoEmision>1<', '<tipoEmision>3<')));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toMatch(/tipoEmision/);
    expect(
      validateDocument(
        Buffer.from(xml.replace('<moneda>DOLAR</moneda>', '<moneda>DOLAR</moneda><foo>1</foo>')),
      ).ok,
    ).toBe(false);
  });

  it('checks the signature element against xmldsig-core-schema', () => {
    const signed = signXml(buildInvoice().xml, cert).replace(
      '<ds:SignatureValue',
      '<ds:Unexpected></ds:Unexpected><ds:SignatureValue',
    );
    const outcome = validateDocument(Buffer.from(signed));
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.reason).toMatch(/Unexpected/);
  });

  it('refuses broken XML and unknown codDoc/version pairs', () => {
    expect(validateDocument(Buffer.from('<factura><a></factura>'))).toMatchObject({
      ok: false,
      reason: /mal formado/,
    });
    const { xml } = buildInvoice();
    expect(validateDocument(Buffer.from(xml.replace('version="1.1.0"', 'version="9.9.9"')))).toMatchObject({
      ok: false,
      reason: /9\.9\.9/,
    });
  });

  it('costs little per document once the schemas are compiled', () => {
    preloadSchemas();
    const bytes = Buffer.from(signXml(buildInvoice().xml, cert));
    const rounds = 200;
    const start = performance.now();
    for (let i = 0; i < rounds; i++) expect(validateDocument(bytes).ok).toBe(true);
    const perDocument = (performance.now() - start) / rounds;
    console.info(`schema validation: ${perDocument.toFixed(2)} ms per signed invoice`);
    expect(perDocument).toBeLessThan(20);
  });
});
