import { Card } from '../../components/ui';
import { useT } from '../../i18n';
import type { BankTransfer } from './types';

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
