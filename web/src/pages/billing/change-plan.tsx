import { useState } from 'react';
import { api } from '../../api';
import type { Answer } from '../../api-models';
import { ActionForm } from '../../components/action-form';
import { Alert, Button, CheckField, FormError, Modal, SelectField } from '../../components/ui';
import { formatDate } from '../../format';
import { useAction } from '../../hooks';
import { useT } from '../../i18n';
import { label, labelOptions } from '../../labels';
import { type BankTransfer, PAID, type Subscription } from './types';

export function ChangePlan({ current, onDone }: { current: Subscription; onDone(bt?: BankTransfer): void }) {
  const t = useT();
  const [open, setOpen] = useState<'change' | 'cancel' | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [sure, setSure] = useState(false);
  const change = useAction(async (form: FormData) => {
    const res = await api<Answer<'/v1/subscriptions/change-tier', 'post'>>(
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
            `Cambio programado${res.effectiveAt ? ` para el ${formatDate(res.effectiveAt)}` : ''}.`,
            `Change scheduled${res.effectiveAt ? ` for ${formatDate(res.effectiveAt)}` : ''}.`,
          ),
    );
    setOpen(null);
    onDone(res.bankTransfer);
  });
  const cancel = useAction(async () => {
    const res = await api<Answer<'/v1/subscriptions', 'delete'>>('DELETE', '/v1/subscriptions');
    setMessage(
      t(
        `Cancelación programada para el ${formatDate(res.effectiveAt)}.`,
        `Cancellation scheduled for ${formatDate(res.effectiveAt)}.`,
      ),
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
          <ActionForm
            action={change}
            fields={['tier', 'billingInterval']}
            submitLabel={t('Solicitar cambio', 'Request change')}
          >
            <SelectField
              label={t('Plan', 'Plan')}
              name="tier"
              defaultValue={current.tier}
              options={labelOptions(t, 'tier', PAID)}
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
          </ActionForm>
        </Modal>
      )}
      {open === 'cancel' && (
        <Modal title={t('Cancelar plan', 'Cancel plan')} onClose={() => setOpen(null)}>
          <p>
            {t(
              `El plan sigue hasta el fin del período; luego pasas al plan ${label(t, 'tier', 'FREE')}. No hay reembolso.`,
              `The plan runs until the end of the period, then you move to the ${label(t, 'tier', 'FREE')} plan. No refund.`,
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
