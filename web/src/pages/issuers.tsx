import { useState } from 'react';
import { api } from '../api';
import type { Answer, Issuer, Sequential } from '../api-models';
import { ActionForm } from '../components/action-form';
import { TableHead, TableRegion } from '../components/table-region';
import {
  Alert,
  Badge,
  Button,
  Card,
  FormError,
  Loading,
  Modal,
  PageHeader,
  TextField,
} from '../components/ui';
import { daysUntil, formatDate } from '../format';
import { useAction, useLoad, useUploadProgress } from '../hooks';
import { useLang, useT } from '../i18n';
import { useSession } from '../session';
import { typeLabel } from './document-status';
import { IssuerDocumentTypes } from './issuer-document-types';

export function IssuersPage() {
  const t = useT();
  const s = useSession();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader title={t('Emisores', 'Issuers')}>
        <Button onClick={() => setAdding(true)}>{t('Nuevo punto de emisión', 'New issue point')}</Button>
      </PageHeader>
      {s.issuers.length === 0 && <Loading />}
      {s.issuers.map((i) => (
        <IssuerCard key={i.id} issuer={i} />
      ))}
      {adding && <NewIssuerModal onClose={() => setAdding(false)} />}
    </>
  );
}

function IssuerCard({ issuer }: { issuer: Issuer }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const seq = useLoad(
    () => api<Answer<'/v1/issuers/{id}/sequentials', 'get'>>('GET', `/v1/issuers/${issuer.id}/sequentials`),
    [issuer.id],
  );
  const [renewing, setRenewing] = useState(false);
  const [editing, setEditing] = useState<Sequential | null>(null);
  const pause = useAction(async () => {
    await api('PATCH', `/v1/issuers/${issuer.id}/can-issue`, { body: { canIssue: !issuer.canIssue } });
    await s.reload();
  });
  const days = daysUntil(issuer.certExpiry);
  const env = s.tenant?.sandbox ? 'sandbox' : 'production';
  return (
    <Card
      title={`${issuer.branchCode}-${issuer.issuePointCode} · ${issuer.tradeName ?? issuer.businessName}`}
    >
      <div className="row wrap">
        <Badge
          value={issuer.canIssue ? t('Emitiendo', 'Issuing') : t('Pausado', 'Paused')}
          tone={issuer.canIssue ? 'authorized' : 'returned'}
        />
        <span className="muted">RUC {issuer.ruc}</span>
      </div>
      <dl className="kv">
        <dt>{t('Certificado caduca', 'Certificate expires')}</dt>
        <dd>
          {formatDate(issuer.certExpiry, lang)}{' '}
          {days !== null && (
            <span className={days <= 30 ? 'warn-text' : 'muted'}>
              ({t(`en ${days} días`, `in ${days} days`)})
            </span>
          )}
        </dd>
        <dt>{t('Huella', 'Fingerprint')}</dt>
        <dd className="mono wrap-anywhere">{issuer.certFingerprint ?? '—'}</dd>
      </dl>
      <div className="toolbar">
        <Button variant="secondary" busy={pause.busy} onClick={() => void pause.run()}>
          {issuer.canIssue ? t('Pausar emisión', 'Pause issuing') : t('Reanudar emisión', 'Resume issuing')}
        </Button>
        <Button variant="secondary" onClick={() => setRenewing(true)}>
          {t('Renovar certificado', 'Renew certificate')}
        </Button>
      </div>
      <FormError error={pause.error} />
      <IssuerDocumentTypes issuerId={issuer.id} onSaved={() => void seq.reload()} />
      <h3>{t('Secuenciales', 'Sequentials')}</h3>
      {seq.data ? (
        <TableRegion label={t('Secuenciales', 'Sequentials')}>
          <table className="table compact">
            <TableHead
              columns={[
                t('Tipo', 'Type'),
                [t('Pruebas: siguiente', 'Sandbox: next'), 'num'],
                [t('Producción: siguiente', 'Production: next'), 'num'],
              ]}
              actions
            />
            <tbody>
              {seq.data.sequentials.map((q) => (
                <tr key={q.documentType}>
                  <td>{typeLabel(t, q.documentType)}</td>
                  <td className="num">{q.sandbox.next}</td>
                  <td className="num">{q.production.next}</td>
                  <td>
                    <Button variant="link" onClick={() => setEditing(q)}>
                      {t('Cambiar', 'Change')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      ) : (
        <FormError error={seq.error} />
      )}
      {renewing && <RenewModal issuer={issuer} onClose={() => setRenewing(false)} />}
      {editing && (
        <SequentialModal
          issuerId={issuer.id}
          row={editing}
          environment={env}
          onClose={() => setEditing(null)}
          onDone={() => void seq.reload()}
        />
      )}
    </Card>
  );
}

function SequentialModal({
  issuerId,
  row,
  environment,
  onClose,
  onDone,
}: {
  issuerId: string;
  row: Sequential;
  environment: 'sandbox' | 'production';
  onClose(): void;
  onDone(): void;
}) {
  const t = useT();
  const [next, setNext] = useState(String(row[environment].next));
  const save = useAction(async () => {
    await api('PATCH', `/v1/issuers/${issuerId}/sequentials/${row.documentType}`, {
      body: { environment, nextSequential: Number(next) },
    });
    onDone();
    onClose();
  });
  return (
    <Modal title={t('Siguiente secuencial', 'Next sequential')} onClose={onClose}>
      <ActionForm action={save} fields={['nextSequential']} submitLabel={t('Guardar', 'Save')}>
        <TextField
          label={t(`Siguiente número (${environment})`, `Next number (${environment})`)}
          name="nextSequential"
          inputMode="numeric"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          error={save.error}
        />
      </ActionForm>
    </Modal>
  );
}

function RenewModal({ issuer, onClose }: { issuer: Issuer; onClose(): void }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const { progress, track } = useUploadProgress();
  const [done, setDone] = useState<string | null>(null);
  const renew = useAction(async (form: FormData) => {
    if (form.get('certPassword') === '') form.delete('certPassword');
    await track(async (onProgress) => {
      const res = await api<Answer<'/v1/issuers/{id}/certificate', 'patch'>>(
        'PATCH',
        `/v1/issuers/${issuer.id}/certificate`,
        {
          form,
          onProgress,
        },
      );
      setDone(res.certExpiry);
      await s.reload();
    });
  });
  return (
    <Modal title={t('Renovar certificado', 'Renew certificate')} onClose={onClose}>
      {done ? (
        <Alert kind="success">
          {t(
            `Certificado renovado; caduca el ${formatDate(done, lang)}.`,
            `Certificate renewed; it expires on ${formatDate(done, lang)}.`,
          )}
        </Alert>
      ) : (
        <ActionForm
          action={renew}
          fields={['cert', 'certPassword']}
          submitLabel={t('Renovar', 'Renew')}
          progress={progress}
          progressLabel={t('Enviando', 'Uploading')}
        >
          <TextField
            label={t('Certificado (.p12)', 'Certificate (.p12)')}
            name="cert"
            type="file"
            accept=".p12,.pfx"
            required
            error={renew.error}
          />
          <TextField
            label={t('Contraseña', 'Password')}
            name="certPassword"
            type="password"
            error={renew.error}
          />
        </ActionForm>
      )}
    </Modal>
  );
}

function NewIssuerModal({ onClose }: { onClose(): void }) {
  const t = useT();
  const s = useSession();
  const create = useAction(async (form: FormData) => {
    // The new point signs with the certificate of the current one unless a file is given.
    const cert = form.get('cert');
    if (!(cert instanceof File) || cert.size === 0) {
      form.delete('cert');
      form.delete('certPassword');
      if (s.issuerId) form.set('sourceIssuerId', s.issuerId);
    }
    for (const k of ['branchAddress', 'tradeName']) if (form.get(k) === '') form.delete(k);
    await api('POST', '/v1/issuers', { form });
    await s.reload();
    onClose();
  });
  return (
    <Modal title={t('Nuevo punto de emisión', 'New issue point')} onClose={onClose}>
      <ActionForm
        action={create}
        fields={['branchCode', 'issuePointCode', 'branchAddress', 'cert', 'certPassword']}
        submitLabel={t('Crear', 'Create')}
      >
        <div className="grid2">
          <TextField
            label={t('Establecimiento', 'Branch code')}
            name="branchCode"
            maxLength={3}
            required
            error={create.error}
          />
          <TextField
            label={t('Punto de emisión', 'Issue point')}
            name="issuePointCode"
            maxLength={3}
            required
            error={create.error}
          />
        </div>
        <TextField
          label={t('Dirección del establecimiento', 'Branch address')}
          name="branchAddress"
          maxLength={300}
          error={create.error}
        />
        <TextField
          label={t(
            'Certificado (.p12, opcional: se usa el actual)',
            'Certificate (.p12, optional: the current one is used)',
          )}
          name="cert"
          type="file"
          accept=".p12,.pfx"
          error={create.error}
        />
        <TextField
          label={t('Contraseña', 'Password')}
          name="certPassword"
          type="password"
          error={create.error}
        />
      </ActionForm>
    </Modal>
  );
}
