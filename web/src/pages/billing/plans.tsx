import { useState } from 'react';
import { type ApiError, api } from '../../api';
import type { Answer } from '../../api-models';
import { Button, Card, FormError } from '../../components/ui';
import { money } from '../../format';
import { useAction } from '../../hooks';
import { useLang, useT } from '../../i18n';
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
  const subscribe = useAction(async (tier: string) => {
    const res = await api<Answer<'/v1/subscriptions', 'post'>>('POST', '/v1/subscriptions', {
      body: { tier, billingInterval: interval },
    });
    onSubscribed(res.bankTransfer);
  });
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
            <h3>{v.code}</h3>
            <p className="price">
              {money(interval === 'MONTHLY' ? v.monthlyPrice : v.yearlyPrice, lang)}
              <small> + IVA / {interval === 'MONTHLY' ? t('mes', 'month') : t('año', 'year')}</small>
            </p>
            <p>
              {t(`${v.documentQuota} comprobantes por período`, `${v.documentQuota} documents per period`)}
            </p>
            <p>{t(`${v.maxApiKeys} claves de API adicionales`, `${v.maxApiKeys} additional API keys`)}</p>
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
