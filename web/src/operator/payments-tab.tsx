import { useEffect, useState } from 'react';
import type { Answer, ReviewPayment } from '../api-models';
import { Alert, Button, Card, FormError, Loading, SelectField } from '../components/ui';
import { formatDateTime, money } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { admin, adminBlob } from './admin-api';

const REASONS = [
  'AMOUNT_MISMATCH',
  'TRANSFER_NOT_FOUND',
  'WRONG_ACCOUNT',
  'ILLEGIBLE_PROOF',
  'DUPLICATE_SUBMISSION',
  'OTHER',
];

export function PaymentsTab() {
  const t = useT();
  const list = useLoad(
    () => admin<Answer<'/admin/v1/payments', 'get'>>('GET', '/payments?status=REPORTED'),
    [],
  );
  if (!list.data) return list.error ? <FormError error={list.error} /> : <Loading />;
  if (list.data.payments.length === 0)
    return <Alert>{t('No hay pagos por revisar.', 'No payments to review.')}</Alert>;
  return (
    <>
      {list.data.payments.map((p) => (
        <PaymentReview key={p.id} payment={p} onDone={() => void list.reload()} />
      ))}
    </>
  );
}

function PaymentReview({ payment, onDone }: { payment: ReviewPayment; onDone(): void }) {
  const t = useT();
  const { lang } = useLang();
  const [reason, setReason] = useState(REASONS[0]!);
  const verify = useAction(async () => {
    await admin('POST', `/payments/${payment.id}/verify`, {});
    onDone();
  });
  const reject = useAction(async () => {
    await admin('POST', `/payments/${payment.id}/reject`, { reasonCode: reason });
    onDone();
  });
  const detail = useLoad(
    () => admin<Answer<'/admin/v1/payments/{id}', 'get'>>('GET', `/payments/${payment.id}`),
    [payment.id],
  );
  const proofs = detail.data?.proofs ?? [];
  const proof = proofs[proofs.length - 1];
  return (
    <Card title={`${payment.tenant_email} · RUC ${payment.tenant_ruc}`}>
      <div className="review">
        <div>
          <p className="big">{money(payment.total_amount, lang)}</p>
          <p>
            {payment.purpose} · {payment.target_tier ?? payment.plan_tier} · {payment.plan_billing_interval}
          </p>
          <p className="muted">
            {t('Reportado', 'Reported')} {formatDateTime(payment.reported_at, lang)}
          </p>
          <div className="row wrap">
            <Button busy={verify.busy} onClick={() => void verify.run()}>
              {t('Verificar pago', 'Verify payment')}
            </Button>
          </div>
          <div className="row wrap reject">
            <SelectField
              label={t('Motivo del rechazo', 'Rejection reason')}
              name="reasonCode"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              options={REASONS.map((r) => [r, r])}
              error={reject.error}
            />
            <Button variant="danger" busy={reject.busy} onClick={() => void reject.run()}>
              {t('Rechazar', 'Reject')}
            </Button>
          </div>
          <FormError error={verify.error ?? reject.error} fields={['reasonCode']} />
        </div>
        {proof ? (
          <ProofPreview paymentId={payment.id} proofId={proof.id} filename={proof.filename} />
        ) : detail.loading ? (
          <Loading />
        ) : (
          <p className="muted">{t('Sin comprobante', 'No proof')}</p>
        )}
      </div>
    </Card>
  );
}

/** The proof as the operator sees it: an image inline, a PDF in a frame (fetched with the token, shown from a blob). */
function ProofPreview({
  paymentId,
  proofId,
  filename,
}: {
  paymentId: string;
  proofId: string;
  filename: string;
}) {
  const t = useT();
  const [view, setView] = useState<{ url: string; type: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    adminBlob(`/payments/${paymentId}/proofs/${proofId}`)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setView({ url, type: blob.type });
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [paymentId, proofId]);
  if (error) return <Alert kind="error">{error}</Alert>;
  if (!view) return <Loading />;
  return (
    <figure className="proof" data-testid="proof">
      {view.type.startsWith('image/') ? (
        <img src={view.url} alt={t('Comprobante de pago', 'PaymentProof of payment')} />
      ) : (
        <iframe src={view.url} title={t('Comprobante de pago (PDF)', 'PaymentProof of payment (PDF)')} />
      )}
      <figcaption>
        {filename} ·{' '}
        <a href={view.url} target="_blank" rel="noreferrer">
          {t('Abrir en otra pestaña', 'Open in a new tab')}
        </a>
      </figcaption>
    </figure>
  );
}
