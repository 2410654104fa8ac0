import { useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { ActionForm } from '../components/action-form';
import { Alert, Card, PageHeader, SelectField, TextField } from '../components/ui';
import { useAction } from '../hooks';
import { useT } from '../i18n';
import { navigate } from '../router';
import { useSession } from '../session';
import { emptyLine, type Line, LinesEditor, toItems, totalOf } from './lines-editor';

/**
 * The two bodies with a counterpart, item lines and payments: the invoice (01, to a buyer) and the
 * purchase settlement (03, from a supplier without a RUC of their own; IVA only, no tip).
 */
const KINDS = {
  invoice: {
    documentType: '01',
    party: 'buyer',
    title: ['Nueva factura', 'New invoice'],
    partyTitle: ['Cliente', 'Buyer'],
    submit: ['Emitir factura', 'Issue invoice'],
  },
  'purchase-settlement': {
    documentType: '03',
    party: 'supplier',
    title: ['Nueva liquidación de compra', 'New purchase settlement'],
    partyTitle: ['Proveedor', 'Supplier'],
    submit: ['Emitir liquidación', 'Issue purchase settlement'],
  },
} as const;

export type LinesDocumentKind = keyof typeof KINDS;

export function NewInvoicePage({ kind = 'invoice' }: { kind?: LinesDocumentKind }) {
  const t = useT();
  const s = useSession();
  const k = KINDS[kind];
  const p = k.party;
  const [lines, setLines] = useState<Line[]>([emptyLine()]);
  const create = useAction(async (form: FormData) => {
    const get = (k: string) => String(form.get(k) ?? '').trim();
    const body = {
      documentType: k.documentType,
      [p]: {
        idType: get(`${p}.idType`),
        id: get(`${p}.id`),
        name: get(`${p}.name`),
        email: get(`${p}.email`),
        ...(get(`${p}.address`) && { address: get(`${p}.address`) }),
      },
      items: toItems(lines),
      payments: [{ method: get('payments[0].method'), total: totalOf(lines) }],
    };
    const res = await api<Answer<'/v1/documents', 'post'>>('POST', '/v1/documents', {
      body,
      issuer: s.issuerId,
      // A double click or a retry after a lost answer returns the same document.
      headers: { 'idempotency-key': idempotencyKey },
    });
    navigate(`/app/documents/${res.document.accessKey}`);
  });
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const err = create.error;
  return (
    <>
      <PageHeader title={t(k.title[0], k.title[1])} />
      {s.tenant?.sandbox && (
        <Alert>
          {t('Ambiente de pruebas: sin validez tributaria.', 'Test environment: no tax validity.')}
        </Alert>
      )}
      <ActionForm
        action={create}
        fields={[
          `${p}.idType`,
          `${p}.id`,
          `${p}.name`,
          `${p}.email`,
          `${p}.address`,
          'payments[0].method',
          ...lines.flatMap((_, i) =>
            ['mainCode', 'description', 'quantity', 'unitPrice'].map((f) => `items[${i}].${f}`),
          ),
        ]}
        submitLabel={t(k.submit[0], k.submit[1])}
      >
        <Card title={t(k.partyTitle[0], k.partyTitle[1])}>
          <div className="grid2">
            <SelectField
              label={t('Tipo de identificación', 'ID type')}
              name={`${p}.idType`}
              defaultValue="05"
              error={err}
              options={[
                ['05', t('Cédula', 'National ID card')],
                ['04', 'RUC'],
                ['06', t('Pasaporte', 'Passport')],
                ['07', t('Consumidor final', 'Final consumer')],
                ['08', t('Identificación del exterior', 'Foreign ID')],
              ]}
            />
            <TextField
              label={t('Identificación', 'ID number')}
              name={`${p}.id`}
              required
              maxLength={20}
              error={err}
            />
            <TextField
              label={t('Nombre o razón social', 'Name')}
              name={`${p}.name`}
              required
              maxLength={300}
              error={err}
            />
            <TextField label={t('Correo', 'Email')} name={`${p}.email`} type="email" required error={err} />
            <TextField label={t('Dirección', 'Address')} name={`${p}.address`} maxLength={300} error={err} />
            <SelectField
              label={t('Forma de pago', 'Payment method')}
              name="payments[0].method"
              defaultValue="20"
              error={err}
              options={[
                ['01', t('Sin utilización del sistema financiero', 'Cash (outside the financial system)')],
                ['16', t('Tarjeta de débito', 'Debit card')],
                ['19', t('Tarjeta de crédito', 'Credit card')],
                [
                  '20',
                  t('Otros con utilización del sistema financiero', 'Other, through the financial system'),
                ],
              ]}
            />
          </div>
        </Card>
        <Card>
          <LinesEditor lines={lines} onChange={setLines} error={err} />
        </Card>
      </ActionForm>
    </>
  );
}
