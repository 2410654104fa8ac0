import { useEffect, useMemo, useState } from 'react';
import type { DocumentDetail } from '../api-models';
import { ActionForm } from '../components/action-form';
import {
  defaultIvaRate,
  rateLabel,
  ratesFor,
  TAX_IVA,
  useDocumentCatalogs,
} from '../components/catalog-options';
import { againstInvoice, useDocumentForm } from '../components/document-form';
import { UnplacedErrors } from '../components/dry-run';
import { IssueConfirm } from '../components/issue-confirm';
import {
  AdditionalInfoEditor,
  additionalInfoFields,
  type NameValue,
  toNameValues,
} from '../components/name-values-editor';
import { emptyPayment, type PaymentRow, PaymentsEditor, toPayments } from '../components/payments-editor';
import { Button, Modal, SelectField, TextField } from '../components/ui';
import { ecuadorToday, microsToMoney, money, toMicros } from '../format';
import { useLang, useT } from '../i18n';
import { navigate } from '../router';
import { useSession } from '../session';

interface Reason {
  key: number;
  reason: string;
  amount: string;
}

let nextKey = 1;

/**
 * A debit note (05) against an authorized invoice: its buyer and reference prefilled, priced
 * reasons (interest, costs), one current IVA rate of the catalog on their sum, the payments with
 * their terms and additional information. The IVA value and the total come from the dry run.
 */

const ISSUE = ['Emitir nota de débito', 'Issue debit note'] as const;
export function DebitNoteModal({ original, onClose }: { original: DocumentDetail; onClose(): void }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const catalogs = useDocumentCatalogs();
  const [reasons, setReasons] = useState<Reason[]>([{ key: nextKey++, reason: '', amount: '' }]);
  const [rateCode, setRateCode] = useState('');
  const [payments, setPayments] = useState<PaymentRow[]>(() => [emptyPayment()]);
  const [info, setInfo] = useState<NameValue[]>([]);
  const [issueDate] = useState(ecuadorToday);
  useEffect(() => {
    if (catalogs && !rateCode) setRateCode(defaultIvaRate(catalogs));
  }, [catalogs, rateCode]);

  const body = useMemo(() => {
    // The base of the one IVA rate is the sum of the reasons (the API checks they match); its
    // value, the total and a single payment's amount are the dry run's.
    const base = microsToMoney(reasons.reduce((n, r) => n + (toMicros(r.amount.trim()) ?? 0n), 0n));
    const row = catalogs?.taxRates.find((r) => r.taxCode === TAX_IVA && r.rateCode === rateCode);
    const additionalInfo = toNameValues(info);
    return {
      documentType: '05',
      issueDate,
      ...againstInvoice(original),
      reasons: reasons.map((r) => ({ reason: r.reason.trim(), amount: r.amount.trim() })),
      taxes: [{ code: TAX_IVA, rateCode, rate: row?.rate ?? '0', taxableBase: base }],
      payments: toPayments(payments),
      ...(additionalInfo ? { additionalInfo } : {}),
    };
  }, [original, issueDate, reasons, rateCode, payments, info, catalogs]);
  const totalsBody = useMemo(
    () => ({
      ...body,
      reasons: body.reasons.map((r) => ({ ...r, reason: r.reason || '-' })),
      payments: [{ method: '20', total: '0.00' }],
      additionalInfo: undefined,
    }),
    [body],
  );
  const fields = [
    ...reasons.flatMap((_, i) => [`reasons[${i}].reason`, `reasons[${i}].amount`]),
    'taxes[0].rateCode',
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
    ready: catalogs !== null && rateCode !== '',
    issuer: s.issuerId,
    fields,
    onCreated: (accessKey) => {
      onClose();
      navigate(`/app/documents/${accessKey}`);
    },
  });
  const doc = dry.document;
  const set = (key: number, change: Partial<Reason>) =>
    setReasons((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <>
      <Modal
        title={t(`Nota de débito para ${original.number}`, `Debit note for ${original.number}`)}
        onClose={onClose}
      >
        <ActionForm
          action={create}
          fields={fields}
          submitLabel={t('Emitir nota de débito', 'Issue debit note')}
          onBlurCapture={onBlurCapture}
        >
          {reasons.map((r, i) => (
            <div className="grid2" key={r.key}>
              <TextField
                label={t('Razón', 'Reason')}
                name={`reasons[${i}].reason`}
                value={r.reason}
                onChange={(e) => set(r.key, { reason: e.target.value })}
                maxLength={300}
                error={fieldError}
              />
              <TextField
                label={t('Valor', 'Amount')}
                name={`reasons[${i}].amount`}
                inputMode="decimal"
                value={r.amount}
                onChange={(e) => set(r.key, { amount: e.target.value })}
                error={fieldError}
              />
            </div>
          ))}
          <div>
            <Button
              variant="secondary"
              onClick={() => setReasons((rs) => [...rs, { key: nextKey++, reason: '', amount: '' }])}
            >
              {t('Agregar razón', 'Add reason')}
            </Button>
          </div>
          <SelectField
            label="IVA"
            name="taxes[0].rateCode"
            value={rateCode}
            onChange={(e) => setRateCode(e.target.value)}
            error={fieldError}
            options={(catalogs ? ratesFor(catalogs, TAX_IVA) : []).map((r) => [r.rateCode, rateLabel(t, r)])}
          />
          <PaymentsEditor
            rows={payments}
            onChange={setPayments}
            catalogs={catalogs}
            total={doc?.total ?? null}
            error={fieldError}
          />
          <AdditionalInfoEditor rows={info} onChange={setInfo} error={fieldError} />
          <p className="muted" data-testid="debit-total" aria-live="polite">
            {doc?.total
              ? `${t('Subtotal', 'Subtotal')} ${money(doc.totalWithoutTaxes, lang)} · IVA ${money(doc.taxes?.[0]?.amount, lang)} · Total ${money(doc.total, lang)}`
              : t('El total aparece al escribir los valores.', 'The total appears once the amounts are in.')}
          </p>
          <UnplacedErrors errors={unplaced} />
        </ActionForm>
      </Modal>
      <IssueConfirm
        confirm={confirm}
        title={t(`¿${ISSUE[0]}?`, `${ISSUE[1]}?`)}
        partyLabel={t('Cliente', 'Buyer')}
      />
    </>
  );
}
