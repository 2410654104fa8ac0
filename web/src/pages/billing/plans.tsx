import { useState } from 'react';
import { type ApiError, api } from '../../api';
import type { Answer } from '../../api-models';
import { Button, Card, ConfirmDialog, FormError } from '../../components/ui';
import { money } from '../../format';
import { useAction } from '../../hooks';
import { useLang, useT } from '../../i18n';
import { label } from '../../labels';
import { type BankTransfer, PAID, type Tier } from './types';

export function Plans({
  tiers,
  error,
  onSubscribed,
}: {
  tiers: Tier[];
  error: ApiError | null;
  onSubscribed(bt: BankTransfer): void;
}) {
  const t = useT();
  const { lang } = useLang();
  const [interval, setInterval] = useState<'MONTHLY' | 'YEARLY'>('MONTHLY');
  const [choosing, setChoosing] = useState<Tier | null>(null);
  const subscribe = useAction(async (tier: string) => {
    const res = await api<Answer<'/v1/subscriptions', 'post'>>('POST', '/v1/subscriptions', {
      body: { tier, billingInterval: interval },
    });
    setChoosing(null);
    onSubscribed(res.bankTransfer);
  });
  const price = (v: Tier) => money(interval === 'MONTHLY' ? v.monthlyPrice : v.yearlyPrice, lang);
  const per = interval === 'MONTHLY' ? t('mes', 'month') : t('año', 'year');
  const views = tiers.filter((v) => PAID.includes(v.code));
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
            <h3>{label(t, 'tier', v.code)}</h3>
            <p className="price">
              {price(v)}
              <small> + IVA / {per}</small>
            </p>
            <p>
              {t(`${v.documentQuota} comprobantes por período`, `${v.documentQuota} documents per period`)}
            </p>
            <p>{t(`${v.maxApiKeys} claves de API adicionales`, `${v.maxApiKeys} additional API keys`)}</p>
            <Button
              onClick={() => {
                subscribe.setError(null);
                setChoosing(v);
              }}
              aria-label={t(`Elegir ${label(t, 'tier', v.code)}`, `Choose ${label(t, 'tier', v.code)}`)}
            >
              {t('Elegir', 'Choose')}
            </Button>
          </div>
        ))}
        {views.length === 0 && <FormError error={error} />}
      </div>
      {choosing && (
        <ConfirmDialog
          title={t(`Plan ${label(t, 'tier', choosing.code)}`, `${label(t, 'tier', choosing.code)} plan`)}
          confirmLabel={t('Confirmar y ver cómo pagar', 'Confirm and see how to pay')}
          busy={subscribe.busy}
          error={subscribe.error}
          onConfirm={() => void subscribe.run(choosing.code)}
          onClose={() => setChoosing(null)}
        >
          <p>
            {t(
              `Pagarás ${price(choosing)} + IVA por ${per} (${label(t, 'billingInterval', interval).toLowerCase()}) por transferencia bancaria. El plan se activa cuando verifiquemos tu pago.`,
              `You will pay ${price(choosing)} + VAT per ${per} (${label(t, 'billingInterval', interval).toLowerCase()}) by bank transfer. The plan starts once we verify your payment.`,
            )}
          </p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
