import { type FormEvent, useState } from 'react';
import { api } from '../api';
import {
  Alert,
  Badge,
  Button,
  Card,
  CheckField,
  FormError,
  formatDateTime,
  Loading,
  Modal,
  PageHeader,
  SelectField,
  TextField,
  UploadProgress,
} from '../components/ui';
import { money } from '../format';
import { useAction, useLoad, useUploadProgress } from '../hooks';
import { useLang, useT } from '../i18n';
import { useSession } from '../session';
import { AgreementsCard } from './agreements';

export interface BankTransfer {
  bankName: string;
  accountType: string;
  accountNumber: string;
  accountHolder: string;
  identification: string;
}

interface Payment {
  id: string;
  status: string;
  amount: string;
  iva_amount: string;
  total_amount: string;
  purpose: string;
  rejection_reason_code?: string | null;
  reported_at?: string | null;
  verified_at?: string | null;
}

interface Subscription {
  id: string;
  tier: string;
  billing_interval: string;
  status: string;
  pending_tier?: string | null;
  current_period_end?: string | null;
  payments: Payment[];
}

type Tier = Record<string, unknown> & { code?: string; tier?: string };

const PAID = ['STARTER', 'GROWTH', 'BUSINESS'];
const TRANSFER_KEY = 'einvoice.bankTransfer';

/** Tolerates the tier listing's field names: the code, a monthly and a yearly price, the quota. */
function tierView(x: Tier) {
  const pick = (...names: string[]) => names.map((n) => x[n]).find((v) => v !== undefined && v !== null);
  return {
    code: String(pick('code', 'tier') ?? ''),
    monthly: pick('monthlyPrice', 'monthlyPriceUsd', 'monthly_price_usd', 'priceMonthly') as
      | string
      | undefined,
    yearly: pick('yearlyPrice', 'yearlyPriceUsd', 'yearly_price_usd', 'priceYearly') as string | undefined,
    quota: pick('documentQuota', 'document_quota', 'documents') as number | undefined,
    keys: pick('maxApiKeys', 'max_api_keys') as number | undefined,
  };
}

export function BillingPage() {
  const t = useT();
  const s = useSession();
  const subs = useLoad(() => api<{ subscriptions: Subscription[] }>('GET', '/v1/subscriptions/me'), []);
  const tiers = useLoad(() => api<{ tiers: Tier[] }>('GET', '/v1/tiers'), []);
  const [transfer, setTransferState] = useState<BankTransfer | null>(() => {
    const saved = sessionStorage.getItem(TRANSFER_KEY);
    return saved ? (JSON.parse(saved) as BankTransfer) : null;
  });
  // The instructions come with the subscription's answer; kept for this tab so a reload still shows them.
  const setTransfer = (bt: BankTransfer | undefined) => {
    if (!bt) return;
    sessionStorage.setItem(TRANSFER_KEY, JSON.stringify(bt));
    setTransferState(bt);
  };
  const current = subs.data?.subscriptions[0];
  const inFlight =
    current &&
    (current.status === 'PENDING_PAYMENT' ||
      current.payments.some(
        (p) => p.status === 'PENDING' || p.status === 'REPORTED' || p.status === 'REJECTED',
      ));
  return (
    <>
      <PageHeader title={t('Plan y pagos', 'Plan and payments')} />
      <AgreementsCard />
      <Card title={t('Tu plan', 'Your plan')}>
        <p>
          {t('Plan actual:', 'Current plan:')}{' '}
          <Badge value={s.tenant?.subscriptionTier ?? 'FREE'} tone="tier" />{' '}
          {current && (
            <span className="muted">
              {current.tier} · {current.billing_interval} · {current.status}
              {current.pending_tier && ` → ${current.pending_tier}`}
              {current.current_period_end &&
                ` · ${t('hasta', 'until')} ${formatDateTime(current.current_period_end, 'es')}`}
            </span>
          )}
        </p>
        {current?.status === 'ACTIVE' && (
          <ChangePlan
            current={current}
            onDone={(bt) => {
              setTransfer(bt);
              void subs.reload();
            }}
          />
        )}
      </Card>
      {!inFlight && current?.status !== 'ACTIVE' && (
        <Plans
          tiers={tiers.data?.tiers ?? []}
          error={tiers.error}
          onSubscribed={(bt) => {
            setTransfer(bt);
            void subs.reload();
          }}
        />
      )}
      {inFlight && transfer && <BankTransferCard transfer={transfer} />}
      {subs.data ? (
        current && <Payments subscription={current} onChange={() => void subs.reload()} />
      ) : subs.error ? (
        <FormError error={subs.error} />
      ) : (
        <Loading />
      )}
    </>
  );
}

function Plans({
  tiers,
  error,
  onSubscribed,
}: {
  tiers: Tier[];
  error: import('../api').ApiError | null;
  onSubscribed(bt: BankTransfer): void;
}) {
  const t = useT();
  const { lang } = useLang();
  const [interval, setInterval] = useState<'MONTHLY' | 'YEARLY'>('MONTHLY');
  const subscribe = useAction(async (tier: string) => {
    const res = await api<{ bankTransfer: BankTransfer }>('POST', '/v1/subscriptions', {
      body: { tier, billingInterval: interval },
    });
    onSubscribed(res.bankTransfer);
  });
  const views = tiers.map(tierView).filter((v) => PAID.includes(v.code));
  return (
    <Card title={t('Elige un plan', 'Pick a plan')}>
      <div className="row" role="radiogroup" aria-label={t('Periodicidad', 'Billing interval')}>
        {(['MONTHLY', 'YEARLY'] as const).map((i) => (
          <label key={i} className="pill">
            <input type="radio" name="interval" checked={interval === i} onChange={() => setInterval(i)} />
            {i === 'MONTHLY'
              ? t('Mensual', 'Monthly')
              : t('Anual (2 meses gratis)', 'Yearly (2 months free)')}
          </label>
        ))}
      </div>
      <div className="plans">
        {views.map((v) => (
          <div key={v.code} className="plan">
            <h3>{v.code}</h3>
            <p className="price">
              {money(String((interval === 'MONTHLY' ? v.monthly : v.yearly) ?? '—'), lang)}
              <small> + IVA / {interval === 'MONTHLY' ? t('mes', 'month') : t('año', 'year')}</small>
            </p>
            {v.quota !== undefined && (
              <p>{t(`${v.quota} comprobantes por período`, `${v.quota} documents per period`)}</p>
            )}
            {v.keys !== undefined && (
              <p>{t(`${v.keys} claves de API adicionales`, `${v.keys} additional API keys`)}</p>
            )}
            <Button
              busy={subscribe.busy}
              onClick={() => void subscribe.run(v.code)}
              aria-label={t(`Elegir ${v.code}`, `Choose ${v.code}`)}
            >
              {t('Elegir', 'Choose')}
            </Button>
          </div>
        ))}
        {views.length === 0 && <FormError error={error} />}
      </div>
      <FormError error={subscribe.error} />
    </Card>
  );
}

export function BankTransferCard({ transfer }: { transfer: BankTransfer }) {
  const t = useT();
  return (
    <Card title={t('Transferencia bancaria', 'Bank transfer')} className="bank">
      <p>
        {t(
          'Transfiere el total a esta cuenta y sube el comprobante:',
          'Transfer the total to this account and upload the proof:',
        )}
      </p>
      <dl className="kv" data-testid="bank-transfer">
        <dt>{t('Banco', 'Bank')}</dt>
        <dd>{transfer.bankName}</dd>
        <dt>{t('Tipo de cuenta', 'Account type')}</dt>
        <dd>{transfer.accountType}</dd>
        <dt>{t('Número', 'Number')}</dt>
        <dd className="mono">{transfer.accountNumber}</dd>
        <dt>{t('Titular', 'Holder')}</dt>
        <dd>{transfer.accountHolder}</dd>
        <dt>{t('RUC del titular', 'Holder ID')}</dt>
        <dd className="mono">{transfer.identification}</dd>
      </dl>
    </Card>
  );
}

function Payments({ subscription, onChange }: { subscription: Subscription; onChange(): void }) {
  const t = useT();
  const { lang } = useLang();
  const [uploading, setUploading] = useState<Payment | null>(null);
  return (
    <Card title={t('Pagos', 'Payments')}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th>{t('Concepto', 'Purpose')}</th>
              <th className="num">{t('Total con IVA', 'Total with VAT')}</th>
              <th>{t('Estado', 'Status')}</th>
              <th>{t('Reportado', 'Reported')}</th>
              <th>
                <span className="sr-only">{t('Acciones', 'Actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {subscription.payments.map((p) => (
              <tr key={p.id}>
                <td>{p.purpose}</td>
                <td className="num">{money(p.total_amount, lang)}</td>
                <td>
                  <Badge value={p.status} tone={`pay-${p.status.toLowerCase()}`} />
                  {p.rejection_reason_code && <div className="warn-text">{p.rejection_reason_code}</div>}
                </td>
                <td>{formatDateTime(p.reported_at, lang)}</td>
                <td>
                  {(p.status === 'PENDING' || p.status === 'REJECTED') && (
                    <Button variant="secondary" onClick={() => setUploading(p)}>
                      {t('Subir comprobante', 'Upload proof')}
                    </Button>
                  )}
                  {p.status === 'REPORTED' && (
                    <span className="muted">{t('En revisión', 'Under review')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {uploading && <ProofModal payment={uploading} onClose={() => setUploading(null)} onDone={onChange} />}
    </Card>
  );
}

function ProofModal({ payment, onClose, onDone }: { payment: Payment; onClose(): void; onDone(): void }) {
  const t = useT();
  const { lang } = useLang();
  const { progress, track } = useUploadProgress();
  const upload = useAction((form: FormData) =>
    track(async (onProgress) => {
      await api('PATCH', `/v1/payments/${payment.id}/proof`, { form, onProgress });
      onDone();
      onClose();
    }),
  );
  return (
    <Modal title={t('Comprobante de pago', 'Proof of payment')} onClose={onClose}>
      <p>
        {t('Total transferido:', 'Amount transferred:')} <strong>{money(payment.total_amount, lang)}</strong>
      </p>
      <form
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          void upload.run(new FormData(e.currentTarget));
        }}
        noValidate
      >
        <TextField
          label={t('Archivo (PDF, PNG o JPEG, hasta 5 MB)', 'File (PDF, PNG or JPEG, up to 5 MB)')}
          name="file"
          type="file"
          accept="application/pdf,image/png,image/jpeg"
          required
          error={upload.error}
        />
        <FormError error={upload.error} fields={['file']} />
        <UploadProgress progress={progress} label={t('Subiendo', 'Uploading')} />
        <Button type="submit" busy={upload.busy}>
          {t('Enviar comprobante', 'Send proof')}
        </Button>
      </form>
    </Modal>
  );
}

function ChangePlan({ current, onDone }: { current: Subscription; onDone(bt?: BankTransfer): void }) {
  const t = useT();
  const [open, setOpen] = useState<'change' | 'cancel' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sure, setSure] = useState(false);
  const change = useAction(async (form: FormData) => {
    const res = await api<{ effectiveAt?: string; payment?: unknown; bankTransfer?: BankTransfer }>(
      'POST',
      '/v1/subscriptions/change-tier',
      {
        body: { tier: form.get('tier'), billingInterval: form.get('billingInterval') },
      },
    );
    setMessage(
      res.payment
        ? t(
            'Cambio solicitado: sube el comprobante del pago.',
            'Change requested: upload the proof of payment.',
          )
        : t(
            `Cambio programado${res.effectiveAt ? ` para ${res.effectiveAt}` : ''}.`,
            `Change scheduled${res.effectiveAt ? ` for ${res.effectiveAt}` : ''}.`,
          ),
    );
    setOpen(null);
    onDone(res.bankTransfer);
  });
  const cancel = useAction(async () => {
    const res = await api<{ effectiveAt: string }>('DELETE', '/v1/subscriptions');
    setMessage(
      t(`Cancelación programada para ${res.effectiveAt}.`, `Cancellation scheduled for ${res.effectiveAt}.`),
    );
    setOpen(null);
    onDone();
  });
  return (
    <>
      {message && <Alert kind="success">{message}</Alert>}
      <div className="row">
        <Button variant="secondary" onClick={() => setOpen('change')}>
          {t('Cambiar de plan', 'Change plan')}
        </Button>
        <Button variant="danger" onClick={() => setOpen('cancel')}>
          {t('Cancelar plan', 'Cancel plan')}
        </Button>
      </div>
      {open === 'change' && (
        <Modal title={t('Cambiar de plan', 'Change plan')} onClose={() => setOpen(null)}>
          <form
            onSubmit={(e: FormEvent<HTMLFormElement>) => {
              e.preventDefault();
              void change.run(new FormData(e.currentTarget));
            }}
            noValidate
          >
            <SelectField
              label={t('Plan', 'Plan')}
              name="tier"
              defaultValue={current.tier}
              options={PAID.map((p) => [p, p])}
              error={change.error}
            />
            <SelectField
              label={t('Periodicidad', 'Interval')}
              name="billingInterval"
              defaultValue={current.billing_interval}
              options={[
                ['MONTHLY', t('Mensual', 'Monthly')],
                ['YEARLY', t('Anual', 'Yearly')],
              ]}
              error={change.error}
            />
            <FormError error={change.error} fields={['tier', 'billingInterval']} />
            <Button type="submit" busy={change.busy}>
              {t('Solicitar cambio', 'Request change')}
            </Button>
          </form>
        </Modal>
      )}
      {open === 'cancel' && (
        <Modal title={t('Cancelar plan', 'Cancel plan')} onClose={() => setOpen(null)}>
          <p>
            {t(
              'El plan sigue hasta el fin del período; luego pasas a FREE. No hay reembolso.',
              'The plan runs until the end of the period, then you move to FREE. No refund.',
            )}
          </p>
          <CheckField
            name="sure"
            label={t('Entiendo', 'I understand')}
            required
            checked={sure}
            onChange={(e) => setSure(e.target.checked)}
          />
          <FormError error={cancel.error} />
          <Button variant="danger" busy={cancel.busy} disabled={!sure} onClick={() => void cancel.run()}>
            {t('Cancelar plan', 'Cancel plan')}
          </Button>
        </Modal>
      )}
    </>
  );
}
