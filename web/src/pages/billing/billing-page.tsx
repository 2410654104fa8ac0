import { useState } from 'react';
import { api } from '../../api';
import type { Answer } from '../../api-models';
import { Badge, Card, FormError, Loading, PageHeader } from '../../components/ui';
import { formatDate } from '../../format';
import { useLoad } from '../../hooks';
import { useT } from '../../i18n';
import { label } from '../../labels';
import { useSession } from '../../session';
import { AgreementsCard } from '../agreements';
import { BankTransferCard } from './bank-transfer-card';
import { ChangePlan } from './change-plan';
import { Payments } from './payments';
import { Plans } from './plans';
import type { BankTransfer } from './types';

const TRANSFER_KEY = 'einvoice.bankTransfer';

export function BillingPage() {
  const t = useT();
  const s = useSession();
  const subs = useLoad(() => api<Answer<'/v1/subscriptions/me', 'get'>>('GET', '/v1/subscriptions/me'), []);
  const tiers = useLoad(() => api<Answer<'/v1/tiers', 'get'>>('GET', '/v1/tiers'), []);
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
          <Badge value={label(t, 'tier', s.tenant?.subscriptionTier ?? 'FREE')} tone="tier" />{' '}
          {current && (
            <span className="muted">
              {label(t, 'tier', current.tier)} · {label(t, 'billingInterval', current.billing_interval)} ·{' '}
              {label(t, 'subscriptionStatus', current.status)}
              {current.pending_tier && ` → ${label(t, 'tier', current.pending_tier)}`}
              {current.current_period_end &&
                ` · ${t('hasta', 'until')} ${formatDate(current.current_period_end)}`}
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
