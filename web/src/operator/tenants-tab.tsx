import { useState } from 'react';
import type { AdminTenant, Answer } from '../api-models';
import { TableHead, TableRegion } from '../components/table-region';
import { Badge, Button, Card, FormError, Loading, SelectField, TextField } from '../components/ui';
import { useAction, useLoad } from '../hooks';
import { useT } from '../i18n';
import { label, labelOptions } from '../labels';
import { admin } from './admin-api';

const REASONS = [
  'PAYMENT_REVERSED',
  'FRAUD_SUSPECTED',
  'TERMS_VIOLATION',
  'VOLUNTARY_CLOSURE',
  'UNPAID_BALANCE',
  'OTHER',
];

export function TenantsTab() {
  const t = useT();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const list = useLoad(
    () => admin<Answer<'/admin/v1/tenants', 'get'>>('GET', `/tenants?q=${encodeURIComponent(q)}`),
    [q],
  );
  return (
    <Card>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(search);
        }}
        aria-label={t('Buscar', 'Search')}
      >
        <TextField
          label={t('Buscar por correo, RUC o nombre', 'Search by email, RUC or name')}
          name="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button type="submit">{t('Buscar', 'Search')}</Button>
      </form>
      {!list.data ? (
        list.error ? (
          <FormError error={list.error} />
        ) : (
          <Loading />
        )
      ) : (
        <TableRegion label={t('Clientes', 'Tenants')}>
          <table className="table">
            <TableHead
              columns={[t('Correo', 'Email'), 'RUC', t('Plan', 'Plan'), t('Estado', 'Status')]}
              actions
            />
            <tbody>
              {list.data.tenants.map((x) => (
                <TenantRow key={x.id} tenant={x} onDone={() => void list.reload()} />
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </Card>
  );
}

function TenantRow({ tenant, onDone }: { tenant: AdminTenant; onDone(): void }) {
  const t = useT();
  const [reason, setReason] = useState('OTHER');
  const act = useAction(async (action: 'suspend' | 'reinstate') => {
    await admin(
      'POST',
      `/tenants/${tenant.id}/${action}`,
      action === 'suspend' ? { reasonCode: reason } : {},
    );
    onDone();
  });
  return (
    <tr>
      <td>{tenant.email}</td>
      <td className="mono">{tenant.ruc ?? '—'}</td>
      <td>{label(t, 'tier', tenant.subscriptionTier)}</td>
      <td>
        <Badge value={label(t, 'tenantStatus', tenant.status)} tone={tenant.status.toLowerCase()} />
      </td>
      <td>
        {tenant.status === 'SUSPENDED' ? (
          <Button variant="secondary" busy={act.busy} onClick={() => void act.run('reinstate')}>
            {t('Reactivar', 'Reinstate')}
          </Button>
        ) : (
          <div className="row">
            <SelectField
              label={t('Motivo', 'Reason')}
              name="reasonCode"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              options={labelOptions(t, 'suspensionReason', REASONS)}
            />
            <Button variant="danger" busy={act.busy} onClick={() => void act.run('suspend')}>
              {t('Suspender', 'Suspend')}
            </Button>
          </div>
        )}
        <FormError error={act.error} />
      </td>
    </tr>
  );
}
