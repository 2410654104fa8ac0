import { Type } from '@sinclair/typebox';
import { authProblems, Nullable, Ok } from '../../http/schemas.js';
import type { App } from '../../http/types.js';
import { ID_TYPES, PAYMENT_METHODS, TAX_RATES, TAX_TYPES, TERM_UNITS } from './catalogs.data.js';
import { SUPPORT_CODES, WITHHOLDING_CODES } from './withholding-codes.data.js';

const tags = ['Catalogs'];
const auth = { scope: null } as const;
const CodeList = Type.Array(Type.Object({ code: Type.String(), description: Type.String() }));

export function registerCatalogRoutes(app: App): void {
  const simple = (
    path: string,
    key: string,
    data: readonly { code: string; description: string }[],
    operationId: string,
    summary: string,
  ) =>
    app.get(path, {
      schema: {
        tags,
        operationId,
        summary,
        response: { 200: Type.Object({ ok: Ok, [key]: CodeList }), ...authProblems() },
      },
      config: { auth },
      handler: async () => ({ ok: true as const, [key]: [...data] }),
    });
  simple('/v1/catalogs/id-types', 'idTypes', ID_TYPES, 'listIdTypes', 'Buyer identification types');
  simple(
    '/v1/catalogs/payment-methods',
    'paymentMethods',
    PAYMENT_METHODS,
    'listPaymentMethods',
    'Payment methods (formas de pago)',
  );
  simple('/v1/catalogs/term-units', 'termUnits', TERM_UNITS, 'listTermUnits', 'Units of payments[].term');
  simple('/v1/catalogs/tax-types', 'taxTypes', TAX_TYPES, 'listTaxTypes', 'Tax types');
  app.get('/v1/catalogs/tax-rates', {
    schema: {
      tags,
      operationId: 'listTaxRates',
      summary: 'Tax rates: use taxCode with rateCode in item taxes',
      description:
        "IVA 15% is rateCode 4 (the tax authority's table 17); rows with current=false are historical and refused on invoices. `validity` lists the periods a rate was in force (ISO dates, inclusive, null = open): a credit note (04) may use a historical rate when originalDocument.issueDate falls in one of them.",
      response: {
        200: Type.Object({
          ok: Ok,
          taxRates: Type.Array(
            Type.Object({
              taxCode: Type.String(),
              rateCode: Type.String(),
              description: Type.String(),
              rate: Type.String(),
              current: Type.Boolean(),
              validity: Type.Array(
                Type.Object({
                  from: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
                  to: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
                }),
              ),
            }),
          ),
        }),
        ...authProblems(),
      },
    },
    config: { auth },
    handler: async () => ({ ok: true as const, taxRates: [...TAX_RATES] }),
  });
  simple(
    '/v1/catalogs/support-codes',
    'supportCodes',
    SUPPORT_CODES,
    'listSupportCodes',
    'Sustento tributario codes (retención)',
  );
  app.get('/v1/catalogs/withholding-codes', {
    schema: {
      tags,
      operationId: 'listWithholdingCodes',
      summary: 'Withholding codes with their rates and validity (comprobante de retención)',
      description:
        'taxCode 1 renta, 2 IVA, 6 ISD. Rates change by resolution: a document uses the row in force on its issue date (validFrom/validTo inclusive, null = open) and a code used outside its dates is refused.',
      response: {
        200: Type.Object({
          ok: Ok,
          withholdingCodes: Type.Array(
            Type.Object({
              taxCode: Type.String(),
              code: Type.String(),
              description: Type.String(),
              rate: Type.String(),
              validFrom: Nullable(Type.String({ format: 'date' })),
              validTo: Nullable(Type.String({ format: 'date' })),
            }),
          ),
        }),
        ...authProblems(),
      },
    },
    config: { auth },
    handler: async () => ({ ok: true as const, withholdingCodes: [...WITHHOLDING_CODES] }),
  });
}
