import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_EXAMPLES } from '../../src/modules/documents/documents.examples.js';
import { withoutSignature, XSD_DIR } from '../document-types/helpers.js';
import { validateWithSchema } from '../fiscal/xml-tools.js';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { bearer, type RegisteredTenant, verifiedTenant } from '../helpers/tenants.js';

/**
 * The request examples of the OpenAPI document (one per document type) are true on any day: the
 * service accepts each as it is (201), the dry run finds nothing to correct, and the signed XML it
 * builds validates against the tax authority's schema of its type. CI runs this file again a year
 * ahead (faketime), which catches an example that ages (an issueDate, a catalog rate that ends).
 */
let ctx: TestContext;
let tenant: RegisteredTenant;
beforeAll(async () => {
  ctx = await createTestContext();
  tenant = await verifiedTenant(ctx);
  const put = await ctx.app.inject({
    method: 'PUT',
    url: `/v1/issuers/${tenant.issuerId}/document-types`,
    headers: bearer(tenant.apiKey),
    payload: { documentTypes: ['01', '03', '04', '05', '06', '07'] },
  });
  expect(put.statusCode, put.body).toBe(200);
});
afterAll(async () => ctx?.close());

const SCHEMAS: Record<string, string> = {
  'factura 2.1.0': 'factura_V2.1.0.xsd',
  'factura 1.1.0': 'factura_V1.1.0.xsd',
  'liquidacionCompra 1.1.0': 'LiquidacionCompra_V1.1.0.xsd',
  'notaCredito 1.1.0': 'NotaCredito_V1.1.0.xsd',
  'notaCredito 1.0.0': 'NotaCredito_V1.0.0.xsd',
  'notaDebito 1.0.0': 'NotaDebito_V1.0.0.xsd',
  'guiaRemision 1.1.0': 'GuiaRemision_V1.1.0.xsd',
  'comprobanteRetencion 2.0.0': 'ComprobanteRetencion_V2.0.0.xsd',
};

describe('the request examples of POST /v1/documents', () => {
  it('cover the six document types', () => {
    expect(Object.keys(DOCUMENT_EXAMPLES).sort()).toEqual(['01', '03', '04', '05', '06', '07']);
  });

  it.each(Object.entries(DOCUMENT_EXAMPLES))('type %s is accepted as it is', async (type, example) => {
    const headers = { ...bearer(tenant.apiKey), 'x-issuer-id': tenant.issuerId };
    const dry = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents/validate',
      headers,
      payload: example.value,
    });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().errors).toEqual([]);
    expect(dry.json().valid).toBe(true);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/documents',
      headers,
      payload: example.value,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().document).toMatchObject({ documentType: type, status: 'SIGNED' });

    const [row] = await ctx.query<{ signed_xml: string }>(
      'select signed_xml from documents where access_key = $1',
      [res.json().document.accessKey],
    );
    const root = /<(\w+) id="comprobante" version="([\d.]+)"/.exec(row!.signed_xml);
    const xsd = SCHEMAS[`${root?.[1]} ${root?.[2]}`];
    expect(xsd, root?.[0]).toBeDefined();
    const check = validateWithSchema(withoutSignature(row!.signed_xml), path.join(XSD_DIR, xsd!));
    expect(check.stderr).toContain('validates');
    expect(check.status).toBe(0);
  });
});
