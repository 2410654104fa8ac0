import { useState } from 'react';
import { api } from '../api';
import { ActionForm } from '../components/action-form';
import {
  defaultIvaRate,
  rateLabel,
  ratesFor,
  TAX_IVA,
  useDocumentCatalogs,
} from '../components/catalog-options';
import { useFormIssue } from '../components/document-form';
import { IssueConfirm, SandboxNotice } from '../components/issue-confirm';
import {
  AdditionalInfoEditor,
  additionalInfoFields,
  type NameValue,
  toNameValues,
} from '../components/name-values-editor';
import { Card, CheckField, FormError, Loading, PageHeader, SelectField, TextField } from '../components/ui';
import { ecuadorToday, microsToMoney, money, mulMicros, toMicros } from '../format';
import { useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { useSession } from '../session';
import { DraftSupportSummary, useRetentionDraft } from './withholding-draft';

interface WithholdingCode {
  taxCode: string;
  code: string;
  description: string;
  rate: string;
  validFrom: string | null;
  validTo: string | null;
}

const D = 'supportingDocuments[0]';

/** round(base × rate / 100, 2) half-up, as the tax authority and the API compute it. */
function percentOf(base: string, rate: string): string {
  const b = toMicros(base);
  const r = toMicros(rate);
  return b === null || r === null ? '0.00' : microsToMoney(mulMicros(b, r) / 100n);
}

const addMoney = (a: string, b: string) => microsToMoney((toMicros(a) ?? 0n) + (toMicros(b) ?? 0n));

/** Rows of the catalog in force on `iso` (validFrom/validTo inclusive, null = open). */
function inForce(rows: WithholdingCode[], taxCode: string, iso: string): WithholdingCode[] {
  return rows.filter(
    (r) =>
      r.taxCode === taxCode &&
      (r.validFrom === null || r.validFrom <= iso) &&
      (r.validTo === null || iso <= r.validTo),
  );
}

/**
 * A comprobante de retención (07) on one purchase invoice: the supplier withheld from, the
 * invoice's base and IVA, and the renta and IVA withholding codes picked from the dated catalog
 * (GET /v1/catalogs/withholding-codes) with the rate in force today.
 */
export function NewWithholdingPage() {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const today = ecuadorToday();
  const todayIso = today.split('/').reverse().join('-');
  const catalogs = useLoad(
    () =>
      Promise.all([
        api<{ withholdingCodes: WithholdingCode[] }>('GET', '/v1/catalogs/withholding-codes'),
        api<{ supportCodes: { code: string; description: string }[] }>('GET', '/v1/catalogs/support-codes'),
      ]),
    [],
  );
  const [base, setBase] = useState('');
  const docCatalogs = useDocumentCatalogs();
  const [chosenRate, setRateCode] = useState('');
  // The supporting invoice's IVA: every current rate of the catalog, the general one first chosen.
  const ivaRates = docCatalogs ? ratesFor(docCatalogs, TAX_IVA) : [];
  const rateCode = chosenRate || (docCatalogs ? defaultIvaRate(docCatalogs) : '');
  const ivaRate = ivaRates.find((r) => r.rateCode === rateCode)?.rate ?? '0.00';
  const [rentaCode, setRentaCode] = useState('');
  const [ivaCode, setIvaCode] = useState('');
  const [info, setInfo] = useState<NameValue[]>([]);
  // From a purchase ("Emitir retención"): its figures as authorized, the bases left to withhold.
  const { draft, loading: draftLoading, error: draftError } = useRetentionDraft();

  const codes = catalogs.data?.[0].withholdingCodes ?? [];
  const renta = inForce(codes, '1', todayIso);
  const iva = inForce(codes, '2', todayIso);
  const rentaRow = renta.find((r) => r.code === (rentaCode || renta[0]?.code));
  const ivaRow = iva.find((r) => r.code === ivaCode);
  const typedBase = toMicros(base) === null ? '0.00' : microsToMoney(toMicros(base)!);
  const baseMoney = draft ? draft.remaining.renta : typedBase;
  const vat = draft ? draft.remaining.iva : percentOf(typedBase, ivaRate);
  const total = addMoney(typedBase, vat);
  const rentaAmount = rentaRow ? percentOf(baseMoney, rentaRow.rate) : '0.00';
  const ivaAmount = ivaRow ? percentOf(vat, ivaRow.rate) : '0.00';

  const { confirm, create } = useFormIssue(s.issuerId, (form, get) => {
    const withholdings = [
      ...(ivaRow
        ? [
            {
              code: '2',
              withholdingCode: ivaRow.code,
              taxableBase: vat,
              rate: ivaRow.rate,
              amount: ivaAmount,
            },
          ]
        : []),
      ...(rentaRow
        ? [
            {
              code: '1',
              withholdingCode: rentaRow.code,
              taxableBase: baseMoney,
              rate: rentaRow.rate,
              amount: rentaAmount,
            },
          ]
        : []),
    ];
    const body = {
      documentType: '07',
      issueDate: today,
      subject: {
        idType: get('subject.idType'),
        id: get('subject.id'),
        name: get('subject.name'),
        email: get('subject.email'),
        relatedParty: form.get('subject.relatedParty') === 'on',
      },
      supportingDocuments: [
        {
          // A purchase's document as the SRI authorized it (type, totals, every tax group, payments).
          ...draft?.support,
          supportCode: get(`${D}.supportCode`),
          documentType: draft?.support.documentType ?? '01',
          number: get(`${D}.number`),
          issueDate: get(`${D}.issueDate`),
          ...(get(`${D}.authorizationNumber`) && { authorizationNumber: get(`${D}.authorizationNumber`) }),
          ...(!draft && {
            paymentResidence: '01',
            totalWithoutTaxes: typedBase,
            total,
            taxes: [{ code: '2', rateCode, rate: ivaRate, taxableBase: typedBase, taxAmount: vat }],
            payments: [{ method: '20', total }],
          }),
          withholdings,
        },
      ],
      ...(toNameValues(info) ? { additionalInfo: toNameValues(info) } : {}),
    };
    return body;
  });
  const err = create.error;
  if (!catalogs.data || !docCatalogs || draftLoading)
    return catalogs.error || draftError ? <FormError error={catalogs.error ?? draftError} /> : <Loading />;
  const subject = draft?.subject;
  const support = draft?.support;
  return (
    <>
      <PageHeader title={t('Nueva retención', 'New withholding receipt')} />
      <SandboxNotice />
      <ActionForm
        action={create}
        fields={[
          'subject.idType',
          'subject.id',
          'subject.name',
          'subject.email',
          `${D}.supportCode`,
          `${D}.number`,
          `${D}.issueDate`,
          `${D}.authorizationNumber`,
          `${D}.totalWithoutTaxes`,
          ...additionalInfoFields(info),
        ]}
        submitLabel={t('Emitir retención', 'Issue withholding receipt')}
      >
        <Card title={t('Sujeto retenido', 'Withheld subject')}>
          <div className="grid2">
            <SelectField
              label={t('Tipo de identificación', 'ID type')}
              name="subject.idType"
              defaultValue={subject?.idType ?? '04'}
              error={err}
              options={[
                ['04', 'RUC'],
                ['05', t('Cédula', 'National ID card')],
                ['06', t('Pasaporte', 'Passport')],
              ]}
            />
            <TextField
              label={t('Identificación', 'ID number')}
              name="subject.id"
              defaultValue={subject?.id}
              required
              error={err}
            />
            <TextField
              label={t('Nombre o razón social', 'Name')}
              name="subject.name"
              defaultValue={subject?.name}
              required
              error={err}
            />
            <TextField label={t('Correo', 'Email')} name="subject.email" type="email" required error={err} />
            <CheckField label={t('Parte relacionada', 'Related party')} name="subject.relatedParty" />
          </div>
        </Card>
        <Card title={t('Comprobante de venta', 'Supporting invoice')}>
          <div className="grid2">
            <SelectField
              label={t('Sustento tributario', 'Tax support')}
              name={`${D}.supportCode`}
              defaultValue={support?.supportCode ?? '01'}
              error={err}
              options={catalogs.data[1].supportCodes.map((c) => [c.code, `${c.code} ${c.description}`])}
            />
            <TextField
              label={t('Número de factura', 'Invoice number')}
              name={`${D}.number`}
              defaultValue={support?.number}
              placeholder="001-001-000000123"
              required
              error={err}
            />
            <TextField
              label={t('Fecha de la factura', 'Invoice date')}
              name={`${D}.issueDate`}
              defaultValue={support?.issueDate ?? today}
              placeholder={t('DD/MM/AAAA', 'DD/MM/YYYY')}
              required
              error={err}
            />
            <TextField
              label={t('Autorización de la factura', 'Invoice authorization')}
              name={`${D}.authorizationNumber`}
              defaultValue={support?.authorizationNumber}
              error={err}
            />
            {!draft && (
              <>
                <TextField
                  label={t('Base imponible', 'Taxable base')}
                  name={`${D}.totalWithoutTaxes`}
                  inputMode="decimal"
                  value={base}
                  onChange={(e) => setBase(e.target.value)}
                  required
                  error={err}
                />
                <SelectField
                  label="IVA"
                  name={`${D}.taxes[0].rateCode`}
                  value={rateCode}
                  onChange={(e) => setRateCode(e.target.value)}
                  error={err}
                  options={ivaRates.map((r) => [r.rateCode, rateLabel(t, r)])}
                />
              </>
            )}
          </div>
          {draft ? (
            <DraftSupportSummary draft={draft} />
          ) : (
            <p className="muted">
              IVA {money(vat, lang)} · Total {money(total, lang)}
            </p>
          )}
        </Card>
        <Card title={t('Retenciones', 'Withholdings')}>
          <div className="grid2">
            <SelectField
              label={t('Retención de renta', 'Income tax withholding')}
              name={`${D}.withholdings.renta`}
              value={rentaRow?.code ?? ''}
              onChange={(e) => setRentaCode(e.target.value)}
              error={err}
              options={renta.map((r) => [r.code, `${r.code} · ${r.rate} % · ${r.description}`])}
            />
            <SelectField
              label={t('Retención de IVA', 'VAT withholding')}
              name={`${D}.withholdings.iva`}
              value={ivaCode}
              onChange={(e) => setIvaCode(e.target.value)}
              error={err}
              options={[
                ['', t('Sin retención de IVA', 'No VAT withholding')],
                ...iva.map((r): [string, string] => [r.code, `${r.code} · ${r.rate} % · ${r.description}`]),
              ]}
            />
          </div>
          <p className="muted" data-testid="withheld">
            {t('Renta', 'Income tax')} {money(rentaAmount, lang)} · IVA {money(ivaAmount, lang)} ·{' '}
            {t('Total retenido', 'Total withheld')} {money(addMoney(rentaAmount, ivaAmount), lang)}
          </p>
        </Card>
        <Card>
          <AdditionalInfoEditor rows={info} onChange={setInfo} error={err} />
        </Card>
      </ActionForm>
      <IssueConfirm
        confirm={confirm}
        title={t('¿Emitir este comprobante?', 'Issue this document?')}
        partyLabel={t('Sujeto retenido', 'Withheld subject')}
        total={addMoney(rentaAmount, ivaAmount)}
      />
    </>
  );
}
