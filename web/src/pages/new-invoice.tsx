import { useEffect, useMemo, useState } from 'react';
import { ActionForm } from '../components/action-form';
import { defaultIvaRate, rateNamer, useDocumentCatalogs } from '../components/catalog-options';
import { useDocumentForm } from '../components/document-form';
import { DryRunTotals, UnplacedErrors } from '../components/dry-run';
import { IssueConfirm, SandboxNotice } from '../components/issue-confirm';
import {
  AdditionalInfoEditor,
  additionalInfoFields,
  type NameValue,
  toNameValues,
} from '../components/name-values-editor';
import { emptyPayment, type PaymentRow, PaymentsEditor, toPayments } from '../components/payments-editor';
import { type Customer, saveCustomer, searchCustomers } from '../components/saved-records';
import { Typeahead } from '../components/typeahead';
import { Card, CheckField, PageHeader, SelectField, TextField } from '../components/ui';
import { useT } from '../i18n';
import { navigate } from '../router';
import { useSession } from '../session';
import { emptyLine, type Line, LinesEditor, lineFields, toItems } from './lines-editor';

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
    save: ['Guardar este cliente para las próximas facturas', 'Save this customer for next time'],
    otherTaxes: true,
    tip: true,
  },
  'purchase-settlement': {
    documentType: '03',
    party: 'supplier',
    title: ['Nueva liquidación de compra', 'New purchase settlement'],
    partyTitle: ['Proveedor', 'Supplier'],
    submit: ['Emitir liquidación', 'Issue purchase settlement'],
    save: ['Guardar este proveedor en clientes', 'Save this supplier with the customers'],
    otherTaxes: false,
    tip: false,
  },
} as const;

export type LinesDocumentKind = keyof typeof KINDS;

interface Party {
  idType: string;
  id: string;
  name: string;
  email: string;
  address: string;
}

/** A counterpart the dry run accepts, for the totals while the real one is still being typed. */
const PLACEHOLDER_PARTY = { idType: '06', id: 'P0000000', name: '-', email: 'placeholder@example.com' };

export function NewInvoicePage({ kind = 'invoice' }: { kind?: LinesDocumentKind }) {
  const t = useT();
  const s = useSession();
  const k = KINDS[kind];
  const p = k.party;
  const catalogs = useDocumentCatalogs();
  const [party, setParty] = useState<Party>({ idType: '05', id: '', name: '', email: '', address: '' });
  const [picked, setPicked] = useState<Customer | null>(null);
  const [save, setSave] = useState(false);
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [payments, setPayments] = useState<PaymentRow[]>(() => [emptyPayment()]);
  const [tip, setTip] = useState('');
  const [info, setInfo] = useState<NameValue[]>([]);

  // Lines start without an IVA rate until the catalog says which ones there are.
  useEffect(() => {
    if (!catalogs) return;
    const iva = defaultIvaRate(catalogs);
    setLines((ls) => (ls.some((l) => !l.iva) ? ls.map((l) => (l.iva ? l : { ...l, iva })) : ls));
    setPayments((ps) =>
      ps.map((x) =>
        catalogs.paymentMethods.some((m) => m.code === x.method)
          ? x
          : { ...x, method: catalogs.paymentMethods[0]!.code },
      ),
    );
  }, [catalogs]);

  const body = useMemo(() => {
    const additionalInfo = toNameValues(info);
    return {
      documentType: k.documentType,
      [p]: {
        idType: party.idType,
        id: party.id.trim(),
        name: party.name.trim(),
        email: party.email.trim(),
        ...(party.address.trim() ? { address: party.address.trim() } : {}),
      },
      items: toItems(lines, catalogs),
      payments: toPayments(payments),
      ...(k.tip && tip.trim() ? { tip: tip.trim() } : {}),
      ...(additionalInfo ? { additionalInfo } : {}),
    };
  }, [k, p, party, lines, payments, tip, info, catalogs]);
  const totalsBody = useMemo(
    () => ({
      ...body,
      [p]: PLACEHOLDER_PARTY,
      payments: [{ method: '20', total: '0.00' }],
      additionalInfo: undefined,
    }),
    [body, p],
  );
  const fields = [
    `${p}.idType`,
    `${p}.id`,
    `${p}.name`,
    `${p}.email`,
    `${p}.address`,
    'tip',
    ...lineFields(lines),
    ...payments.flatMap((_, i) =>
      ['method', 'term', 'termUnit', ...(payments.length > 1 ? ['total'] : [])].map(
        (f) => `payments[${i}].${f}`,
      ),
    ),
    ...additionalInfoFields(info),
  ];
  const { dry, fieldError, unplaced, create, confirm, onBlurCapture } = useDocumentForm({
    body,
    totalsBody,
    ready: catalogs !== null,
    issuer: s.issuerId,
    fields,
    before: async () => {
      if (save && !picked && party.idType !== '07')
        await saveCustomer({
          idType: party.idType as Customer['idType'],
          identification: party.id.trim(),
          name: party.name.trim(),
          email: party.email.trim() || null,
          address: party.address.trim() || null,
        });
    },
    onCreated: (accessKey) => navigate(`/app/documents/${accessKey}`),
  });

  const pick = (c: Customer) => {
    setPicked(c);
    setParty({
      idType: c.idType,
      id: c.identification,
      name: c.name,
      email: c.email ?? '',
      address: c.address ?? '',
    });
  };
  const setField = (patch: Partial<Party>) => {
    setParty((x) => ({ ...x, ...patch }));
    if (patch.id !== undefined || patch.idType !== undefined) setPicked(null);
  };

  return (
    <>
      <PageHeader title={t(k.title[0], k.title[1])} />
      <SandboxNotice />
      <ActionForm
        action={create}
        fields={fields}
        submitLabel={t(k.submit[0], k.submit[1])}
        onBlurCapture={onBlurCapture}
      >
        <Card title={t(k.partyTitle[0], k.partyTitle[1])}>
          <p className="hint">
            {t(
              'Escribe el nombre o la identificación para elegir un cliente guardado.',
              'Type a name or ID number to pick a saved customer.',
            )}
          </p>
          <div className="grid2">
            <SelectField
              label={t('Tipo de identificación', 'ID type')}
              name={`${p}.idType`}
              value={party.idType}
              onChange={(e) => setField({ idType: e.target.value })}
              error={fieldError}
              options={[
                ['05', t('Cédula', 'National ID card')],
                ['04', 'RUC'],
                ['06', t('Pasaporte', 'Passport')],
                ...(kind === 'invoice'
                  ? [['07', t('Consumidor final', 'Final consumer')] as [string, string]]
                  : []),
                ['08', t('Identificación del exterior', 'Foreign ID')],
              ]}
            />
            <Typeahead
              label={t('Identificación', 'ID number')}
              name={`${p}.id`}
              value={party.id}
              onChange={(v) => setField({ id: v })}
              search={searchCustomers}
              onPick={pick}
              maxLength={20}
              message={fieldError?.field(`${p}.id`)}
            />
            <Typeahead
              label={t('Nombre o razón social', 'Name')}
              name={`${p}.name`}
              value={party.name}
              onChange={(v) => setField({ name: v })}
              search={searchCustomers}
              onPick={pick}
              maxLength={300}
              message={fieldError?.field(`${p}.name`)}
            />
            <TextField
              label={t('Correo', 'Email')}
              name={`${p}.email`}
              type="email"
              value={party.email}
              onChange={(e) => setField({ email: e.target.value })}
              error={fieldError}
            />
            <TextField
              label={t('Dirección', 'Address')}
              name={`${p}.address`}
              maxLength={300}
              value={party.address}
              onChange={(e) => setField({ address: e.target.value })}
              error={fieldError}
            />
          </div>
          {picked ? (
            <p className="muted" data-testid="picked-customer">
              {t(`Cliente guardado: ${picked.name}`, `Saved customer: ${picked.name}`)}
            </p>
          ) : (
            party.idType !== '07' && (
              <CheckField
                label={t(k.save[0], k.save[1])}
                name="saveCustomer"
                checked={save}
                onChange={(e) => setSave(e.target.checked)}
              />
            )
          )}
        </Card>
        <Card>
          <LinesEditor
            lines={lines}
            onChange={setLines}
            error={fieldError}
            catalogs={catalogs}
            otherTaxes={k.otherTaxes}
            computed={dry.document}
          />
        </Card>
        <Card>
          <PaymentsEditor
            rows={payments}
            onChange={setPayments}
            catalogs={catalogs}
            total={dry.document?.totals?.total ?? null}
            error={fieldError}
          />
          {k.tip && (
            <div className="grid2">
              <TextField
                label={t('Propina', 'Tip')}
                name="tip"
                inputMode="decimal"
                placeholder="0.00"
                value={tip}
                onChange={(e) => setTip(e.target.value)}
                hint={t(
                  'Opcional: servicio del 10 % en restaurantes.',
                  'Optional: the 10 % service charge in restaurants.',
                )}
                error={fieldError}
              />
            </div>
          )}
          <AdditionalInfoEditor rows={info} onChange={setInfo} error={fieldError} />
        </Card>
        <Card>
          <DryRunTotals document={dry.document} pending={dry.pending} rateName={rateNamer(t, catalogs)} />
          <UnplacedErrors errors={unplaced} />
        </Card>
      </ActionForm>
      <IssueConfirm
        confirm={confirm}
        title={t(`¿${k.submit[0]}?`, `${k.submit[1]}?`)}
        partyLabel={t(k.partyTitle[0], k.partyTitle[1])}
      />
    </>
  );
}
