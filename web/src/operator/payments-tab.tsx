import { useEffect, useState } from 'react';
import type { Answer, ReviewPayment } from '../api-models';
import { Alert, Button, Card, ConfirmDialog, FormError, Loading, SelectField } from '../components/ui';
import { formatDateTime, money } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { label, labelOptions } from '../labels';
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
  const [done, setDone] = useState<string | null>(null);
  if (!list.data) return list.error ? <FormError error={list.error} /> : <Loading />;
  return (
    <>
      {done && <Alert kind="success">{done}</Alert>}
      {list.data.payments.length === 0 && (
        <Alert>{t('No hay pagos por revisar.', 'No payments to review.')}</Alert>
      )}
      {list.data.payments.map((p) => (
        <PaymentReview
          key={p.id}
          payment={p}
          onDone={(message) => {
            setDone(message);
            void list.reload();
          }}
        />
      ))}
    </>
  );
}

function PaymentReview({ payment, onDone }: { payment: ReviewPayment; onDone(message: string): void }) {
  const t = useT();
  const { lang } = useLang();
  const [reason, setReason] = useState(REASONS[0]!);
  const [confirming, setConfirming] = useState<'verify' | 'reject' | null>(null);
  const amount = money(payment.total_amount, lang);
  const verify = useAction(async () => {
    await admin('POST', `/payments/${payment.id}/verify`, {});
    setConfirming(null);
    onDone(
      t(
        `Pago de ${payment.tenant_email} verificado (${amount}); su plan está activo.`,
        `Payment of ${payment.tenant_email} verified (${amount}); their plan is active.`,
      ),
    );
  });
  const reject = useAction(async () => {
    await admin('POST', `/payments/${payment.id}/reject`, { reasonCode: reason });
    setConfirming(null);
    onDone(
      t(
        `Pago de ${payment.tenant_email} rechazado: ${label(t, 'rejectionReason', reason)}. Se le notificó.`,
        `Payment of ${payment.tenant_email} rejected: ${label(t, 'rejectionReason', reason)}. They were notified.`,
      ),
    );
  });
  const plan = `${label(t, 'tier', payment.target_tier ?? payment.plan_tier)} · ${label(t, 'billingInterval', payment.plan_billing_interval)}`;
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
            {label(t, 'paymentPurpose', payment.purpose)} · {plan}
          </p>
          <p className="muted">
            {t('Reportado', 'Reported')} {formatDateTime(payment.reported_at, lang)}
          </p>
          <div className="row wrap">
            <Button onClick={() => setConfirming('verify')}>{t('Verificar pago', 'Verify payment')}</Button>
          </div>
          <div className="row wrap reject">
            <SelectField
              label={t('Motivo del rechazo', 'Rejection reason')}
              name="reasonCode"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              options={labelOptions(t, 'rejectionReason', REASONS)}
              error={reject.error}
            />
            <Button variant="danger" onClick={() => setConfirming('reject')}>
              {t('Rechazar', 'Reject')}
            </Button>
          </div>
        </div>
        {confirming === 'verify' && (
          <ConfirmDialog
            title={t('Verificar pago', 'Verify payment')}
            confirmLabel={t('Sí, el dinero llegó', 'Yes, the money arrived')}
            busy={verify.busy}
            error={verify.error}
            onConfirm={() => void verify.run()}
            onClose={() => setConfirming(null)}
          >
            <p>
              {t(
                `Confirma que ${amount} llegó a la cuenta del servicio. Se activará el plan ${plan} de ${payment.tenant_email} y se emitirá su factura. No se puede deshacer.`,
                `Confirm that ${amount} reached the service's account. ${payment.tenant_email}'s ${plan} plan starts and its invoice is issued. This cannot be undone.`,
              )}
            </p>
          </ConfirmDialog>
        )}
        {confirming === 'reject' && (
          <ConfirmDialog
            title={t('Rechazar pago', 'Reject payment')}
            confirmLabel={t('Rechazar', 'Reject')}
            variant="danger"
            busy={reject.busy}
            error={reject.error}
            onConfirm={() => void reject.run()}
            onClose={() => setConfirming(null)}
          >
            <p>
              {t(
                `Se rechazará el pago de ${amount} de ${payment.tenant_email} por: ${label(t, 'rejectionReason', reason)}. Se le pedirá subir un nuevo comprobante.`,
                `The ${amount} payment of ${payment.tenant_email} will be rejected for: ${label(t, 'rejectionReason', reason)}. They will be asked for a new proof.`,
              )}
            </p>
          </ConfirmDialog>
        )}
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
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    adminBlob(`/payments/${paymentId}/proofs/${proofId}`)
      .then((blob) => {
        url = URL.createObjectURL(blob);
        setView({ url, type: blob.type });
      })
      .catch(() => setFailed(true));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [paymentId, proofId]);
  if (failed)
    return (
      <Alert kind="error">{t('No se pudo abrir el comprobante.', 'The proof could not be opened.')}</Alert>
    );
  if (!view) return <Loading />;
  return (
    <figure className="proof" data-testid="proof">
      {view.type.startsWith('image/') ? (
        <img src={view.url} alt={t('Comprobante de pago', 'Proof of payment')} />
      ) : (
        <iframe src={view.url} title={t('Comprobante de pago (PDF)', 'Proof of payment (PDF)')} />
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
