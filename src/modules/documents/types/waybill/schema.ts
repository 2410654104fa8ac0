import { type Static, Type } from '@sinclair/typebox';
import {
  AdditionalInfoBody,
  DateString,
  DecimalString,
  DocumentNumber,
  Email,
  IdType,
  NameValueBody,
} from '../common/schemas.js';

const Text = (max: number, description?: string) =>
  Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });

/** The body of a guía de remisión 1.1.0 (REFERENCE-TYPES.md §5, §7): quantities only, no amounts. */
export const WaybillBody = Type.Object(
  {
    documentType: Type.Literal('06'),
    issueDate: Type.Optional(DateString('DD/MM/YYYY; only in the access key (the XML has no fechaEmision)')),
    departureAddress: Text(300, 'dirPartida'),
    transportStartDate: Type.Optional(
      DateString('fechaIniTransporte, on or after the issue date; default the issue date'),
    ),
    transportEndDate: Type.Optional(
      DateString('fechaFinTransporte, on or after the start; default the start'),
    ),
    carrier: Type.Object({
      idType: IdType,
      id: Type.String({ minLength: 1, maxLength: 20 }),
      name: Text(300),
      licensePlate: Text(20, 'placa'),
    }),
    recipients: Type.Array(
      Type.Object({
        id: Type.String({ minLength: 1, maxLength: 20 }),
        name: Text(300),
        address: Text(300, 'dirDestinatario'),
        email: Email('this recipient receives the RIDE and XML on authorization'),
        transferReason: Text(300, 'motivoTraslado'),
        customsDocument: Type.Optional(Type.Union([Text(20, 'docAduaneroUnico'), Type.Null()])),
        destinationBranchCode: Type.Optional(
          Type.Union([Type.String({ pattern: '^[0-9]{3}$', description: 'codEstabDestino' }), Type.Null()]),
        ),
        route: Type.Optional(Type.Union([Text(300), Type.Null()])),
        supportingDocument: Type.Optional(
          Type.Union([
            Type.Object({
              documentType: Type.String({ pattern: '^[0-9]{2}$', description: '01 invoice…' }),
              number: DocumentNumber(),
              authorizationNumber: Type.String({ pattern: '^[0-9]{10,49}$' }),
              issueDate: DateString(),
            }),
            Type.Null(),
          ]),
        ),
        items: Type.Array(
          Type.Object({
            mainCode: Type.Optional(Type.String({ maxLength: 25, description: 'codigoInterno' })),
            auxiliaryCode: Type.Optional(Type.String({ maxLength: 25, description: 'codigoAdicional' })),
            description: Text(300),
            quantity: DecimalString('up to 6 decimals, > 0'),
            additionalDetails: Type.Optional(Type.Array(NameValueBody, { maxItems: 3 })),
          }),
          { minItems: 1, maxItems: 1000 },
        ),
      }),
      { minItems: 1, maxItems: 100 },
    ),
    additionalInfo: AdditionalInfoBody,
  },
  {
    title: 'Waybill (06)',
    examples: [
      {
        documentType: '06',
        issueDate: '21/10/2025',
        departureAddress: 'Av. Eloy Alfaro 34 y Av. Libertad',
        transportStartDate: '21/10/2025',
        transportEndDate: '22/10/2025',
        carrier: { idType: '04', id: '1796875790001', name: 'Transportes S.A.', licensePlate: 'MCL0827' },
        recipients: [
          {
            id: '1234543212',
            name: 'Tonato Henry',
            address: 'Av. Gran Colombia',
            email: 'r@example.com',
            transferReason: 'Venta',
            customsDocument: null,
            destinationBranchCode: '001',
            route: 'Guayaquil - Cayambe',
            supportingDocument: {
              documentType: '01',
              number: '002-001-000000001',
              authorizationNumber: '2110202501123456789100120020010000000011234567811',
              issueDate: '21/10/2025',
            },
            items: [
              {
                mainCode: '121BJC-01',
                auxiliaryCode: '1234D56719-A',
                description: 'CAMIONETA 4X4 DIESEL 3.7',
                quantity: '10',
                additionalDetails: [{ name: 'Marca', value: 'Chevrolet' }],
              },
            ],
          },
        ],
        additionalInfo: [],
      },
    ],
  },
);

export type WaybillBodyT = Static<typeof WaybillBody>;
