import { useState } from 'react';
import { TableHead, TableRegion } from '../../components/table-region';
import { Badge, Button, Card } from '../../components/ui';
import { formatDateTime, money } from '../../format';
import { useLang, useT } from '../../i18n';
import { label } from '../../labels';
import { ProofModal } from './proof-modal';
import type { Payment, Subscription } from './types';

export function Payments({ subscription, onChange }: { subscription: Subscription; onChange(): void }) {
  const t = useT();
  const { lang } = useLang();
  const [uploading, setUploading] = useState<Payment | null>(null);
  return (
    <Card title={t('Pagos', 'Payments')}>
      <TableRegion label={t('Pagos', 'Payments')}>
        <table className="table">
          <TableHead
            columns={[
              t('Concepto', 'Purpose'),
              [t('Total con IVA', 'Total with VAT'), 'num'],
              t('Estado', 'Status'),
              t('Reportado', 'Reported'),
            ]}
            actions
          />
          <tbody>
            {subscription.payments.map((p) => (
              <tr key={p.id}>
                <td>{label(t, 'paymentPurpose', p.purpose)}</td>
                <td className="num">{money(p.total_amount, lang)}</td>
                <td>
                  <Badge value={label(t, 'paymentStatus', p.status)} tone={`pay-${p.status.toLowerCase()}`} />
                  {p.rejection_reason_code && (
                    <div className="warn-text">{label(t, 'rejectionReason', p.rejection_reason_code)}</div>
                  )}
                </td>
                <td>{formatDateTime(p.reported_at, lang)}</td>
                <td>
                  {(p.status === 'PENDING' || p.status === 'REJECTED') && (
                    <Button variant="secondary" onClick={() => setUploading(p)}>
                      {t('Subir comprobante', 'Upload proof')}
                    </Button>
                  )}
                  {p.status === 'REPORTED' && (
                    <span className="muted">
                      {t('Lo revisamos en 1 día hábil', 'We review it within 1 business day')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {uploading && <ProofModal payment={uploading} onClose={() => setUploading(null)} onDone={onChange} />}
    </Card>
  );
}
