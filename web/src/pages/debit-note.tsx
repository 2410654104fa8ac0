import { useState } from 'react';
import { api } from '../api';
import type { DocumentDetail } from '../api-models';
import { Button, FormError, Modal, SelectField, TextField } from '../components/ui';
import { ecuadorToday, microsToMoney, money, mulMicros, toMicros } from '../format';
import { useAction } from '../hooks';
import { useLang, useT } from '../i18n';
import { navigate } from '../router';
import { useSession } from '../session';

interface Reason {
  key: number;
  reason: string;
  amount: string;
}

let nextKey = 1;
const RATES: Record<string, string> = { '4': '15.00', '0': '0.00' };

/**
 * A debit note (05) against an authorized invoice: its buyer and reference prefilled, priced
 * reasons (interest, costs) and one IVA rate on their sum, figured as the API checks them.
 */
export function DebitNoteModal({ original, onClose }: { original: DocumentDetail; onClose(): void }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const [reasons, setReasons] = useState<Reason[]>([{ key: nextKey++, reason: '', amount: '' }]);
  const [rateCode, setRateCode] = useState('4');
  const baseMicros = reasons.reduce((n, r) => n + (toMicros(r.amount) ?? 0n), 0n);
  const base = microsToMoney(baseMicros);
  const vat = microsToMoney(mulMicros(toMicros(base)!, toMicros(RATES[rateCode]!)!) / 100n);
  const total = microsToMoney(toMicros(base)! + toMicros(vat)!);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const create = useAction(async () => {
    const { buyer } = original;
    const res = await api<{ document: { accessKey: string } }>('POST', '/v1/documents', {
      issuer: s.issuerId,
      headers: { 'idempotency-key': idempotencyKey },
      body: {
        documentType: '05',
        issueDate: ecuadorToday(),
        buyer: { idType: buyer.idType, id: buyer.id, name: buyer.name, email: buyer.email },
        originalDocument: {
          documentType: original.documentType,
          number: original.number,
          issueDate: original.issueDate,
        },
        reasons: reasons.map((r) => ({ reason: r.reason.trim(), amount: r.amount.trim() })),
        taxes: [{ code: '2', rateCode, rate: RATES[rateCode], taxableBase: base, taxAmount: vat }],
        payments: [{ method: '20', total }],
      },
    });
    onClose();
    navigate(`/app/documents/${res.document.accessKey}`);
  });
  const set = (key: number, change: Partial<Reason>) =>
    setReasons((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  return (
    <Modal
      title={t(`Nota de débito para ${original.number}`, `Debit note for ${original.number}`)}
      onClose={onClose}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void create.run();
        }}
        noValidate
      >
        {reasons.map((r, i) => (
          <div className="grid2" key={r.key}>
            <TextField
              label={t('Razón', 'Reason')}
              name={`reasons[${i}].reason`}
              value={r.reason}
              onChange={(e) => set(r.key, { reason: e.target.value })}
              maxLength={300}
              required
              error={create.error}
            />
            <TextField
              label={t('Valor', 'Amount')}
              name={`reasons[${i}].amount`}
              inputMode="decimal"
              value={r.amount}
              onChange={(e) => set(r.key, { amount: e.target.value })}
              required
              error={create.error}
            />
          </div>
        ))}
        <Button
          type="button"
          variant="secondary"
          onClick={() => setReasons((rs) => [...rs, { key: nextKey++, reason: '', amount: '' }])}
        >
          {t('Agregar razón', 'Add reason')}
        </Button>
        <SelectField
          label="IVA"
          name="taxes[0].rateCode"
          value={rateCode}
          onChange={(e) => setRateCode(e.target.value)}
          error={create.error}
          options={[
            ['4', '15 %'],
            ['0', '0 %'],
          ]}
        />
        <p className="muted" data-testid="debit-total">
          {t('Subtotal', 'Subtotal')} {money(base, lang)} · IVA {money(vat, lang)} · Total{' '}
          {money(total, lang)}
        </p>
        <FormError
          error={create.error}
          fields={reasons.flatMap((_, i) => [`reasons[${i}].reason`, `reasons[${i}].amount`])}
        />
        <Button type="submit" busy={create.busy}>
          {t('Emitir nota de débito', 'Issue debit note')}
        </Button>
      </form>
    </Modal>
  );
}
