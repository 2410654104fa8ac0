import { useEffect, useState } from 'react';
import { api, apiBlob, saveBlob } from '../api';
import type { Answer } from '../api-models';
import { ActionForm } from '../components/action-form';
import {
  Alert,
  Badge,
  Button,
  Card,
  CheckField,
  FormError,
  Loading,
  Modal,
  PageHeader,
  TextField,
} from '../components/ui';
import { formatDateTime, money } from '../format';
import { useAction, useLoad } from '../hooks';
import { useLang, useT } from '../i18n';
import { label } from '../labels';
import { Link } from '../router';
import { useCanIssue, useSession } from '../session';
import { CreditNoteModal } from './credit-note';
import { DebitNoteModal } from './debit-note';
import { DocumentHistory } from './document-history';
import { counterpartLabel, statusLabel, typeLabel } from './document-status';

const IN_FLIGHT = new Set(['SIGNED', 'RECEIVED']);

export function DocumentDetailPage({ accessKey }: { accessKey: string }) {
  const t = useT();
  const { lang } = useLang();
  const s = useSession();
  const canIssue = useCanIssue();
  const opts = { issuer: s.issuerId };
  const doc = useLoad(
    () => api<Answer<'/v1/documents/{accessKey}', 'get'>>('GET', `/v1/documents/${accessKey}`, opts),
    [accessKey, s.issuerId],
  );
  const events = useLoad(
    () =>
      api<Answer<'/v1/documents/{accessKey}/events', 'get'>>(
        'GET',
        `/v1/documents/${accessKey}/events`,
        opts,
      ),
    [accessKey, s.issuerId, doc.data?.document.status],
  );
  const sri = useLoad(
    () =>
      api<Answer<'/v1/documents/{accessKey}/sri-responses', 'get'>>(
        'GET',
        `/v1/documents/${accessKey}/sri-responses`,
        opts,
      ),
    [accessKey, s.issuerId, doc.data?.document.status],
  );
  const [modal, setModal] = useState<'void' | 'email' | 'credit' | 'debit' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const status = doc.data?.document.status;
  // While the tax authority has it, follow it: the status moves on its own within seconds.
  useEffect(() => {
    if (!status || !IN_FLIGHT.has(status)) return;
    const timer = setInterval(() => void doc.reload(), 2000);
    return () => clearInterval(timer);
  }, [status, doc.reload]);
  const download = useAction(async (kind: 'ride' | 'xml') => {
    const d = doc.data!.document;
    const blob = await apiBlob(`/v1/documents/${accessKey}/${kind}`, opts);
    saveBlob(
      blob,
      `${kind === 'ride' ? 'RIDE' : 'XML'}-${d.number ?? d.sequential}.${kind === 'ride' ? 'pdf' : 'xml'}`,
    );
  });
  if (!doc.data) return doc.error ? <FormError error={doc.error} /> : <Loading />;
  const d = doc.data.document;
  return (
    <>
      <PageHeader title={`${typeLabel(t, d.documentType)} ${d.number ?? d.sequential}`}>
        <Link href="/app/documents">← {t('Comprobantes', 'Documents')}</Link>
      </PageHeader>
      <div className="row wrap">
        <Badge value={statusLabel(t, d.status)} tone={d.status.toLowerCase()} />
        {IN_FLIGHT.has(d.status) && (
          <output className="muted">
            <span className="spinner" aria-hidden="true" /> {t('Esperando al SRI…', 'Waiting for the SRI…')}
          </output>
        )}
      </div>
      <div className="toolbar">
        <Button variant="secondary" busy={download.busy} onClick={() => void download.run('ride')}>
          {t('Descargar RIDE (PDF)', 'Download RIDE (PDF)')}
        </Button>
        <Button variant="secondary" busy={download.busy} onClick={() => void download.run('xml')}>
          {t('Descargar XML', 'Download XML')}
        </Button>
        {(d.status === 'AUTHORIZED' || d.status === 'VOIDED') && (
          <Button variant="secondary" onClick={() => setModal('email')}>
            {t('Reenviar correo', 'Re-send email')}
          </Button>
        )}
        {d.status === 'AUTHORIZED' &&
          d.documentType === '01' &&
          d.voidWindow.blockedBy !== 'FINAL_CONSUMER' &&
          canIssue('04') && (
            <Button variant="secondary" onClick={() => setModal('credit')}>
              {t('Emitir nota de crédito', 'Issue credit note')}
            </Button>
          )}
        {d.status === 'AUTHORIZED' && d.documentType === '01' && canIssue('05') && (
          <Button variant="secondary" onClick={() => setModal('debit')}>
            {t('Emitir nota de débito', 'Issue debit note')}
          </Button>
        )}
        {d.status === 'AUTHORIZED' && d.voidWindow.open && (
          <Button variant="danger" onClick={() => setModal('void')}>
            {t('Anular', 'Void')}
          </Button>
        )}
      </div>
      <FormError error={download.error} />
      {notice && <Alert kind="success">{notice}</Alert>}
      <div className="cards">
        <Card title={t('Datos', 'Details')}>
          <dl className="kv">
            <dt>{t('Clave de acceso', 'Access key')}</dt>
            <dd className="mono wrap-anywhere">{d.accessKey}</dd>
            <dt>{t('Fecha de emisión', 'Issue date')}</dt>
            <dd>{d.issueDate}</dd>
            <dt>{t('Autorización', 'Authorization')}</dt>
            <dd className="mono wrap-anywhere">{d.authorizationNumber ?? '—'}</dd>
            <dt>{t('Fecha de autorización', 'Authorized at')}</dt>
            <dd>{formatDateTime(d.authorizationDate, lang, { seconds: true })}</dd>
            <dt>{t('Correo al cliente', 'Buyer email')}</dt>
            <dd>{label(t, 'emailStatus', d.email?.status)}</dd>
            <dt>{t('Ambiente', 'Environment')}</dt>
            <dd>{label(t, 'environment', d.environment)}</dd>
            {d.status === 'AUTHORIZED' && (
              <>
                <dt>{t('Anulable hasta', 'Voidable until')}</dt>
                <dd data-testid="void-window">{voidWindowText(t, d.voidWindow)}</dd>
              </>
            )}
            {d.voidedAt && (
              <>
                <dt>{t('Anulado', 'Voided')}</dt>
                <dd>
                  {formatDateTime(d.voidedAt, lang)} — {d.voidReason}
                </dd>
              </>
            )}
          </dl>
        </Card>
        <Card title={counterpartLabel(t, d.documentType)}>
          <dl className="kv">
            <dt>{t('Nombre', 'Name')}</dt>
            <dd>{d.buyer.name}</dd>
            <dt>{t('Identificación', 'ID')}</dt>
            <dd>
              {d.buyer.id} <span className="muted">({label(t, 'idType', d.buyer.idType)})</span>
            </dd>
            <dt>{t('Correo', 'Email')}</dt>
            <dd>{d.buyer.email}</dd>
            <dt>Total</dt>
            <dd className="strong">{d.documentType === '06' ? '—' : money(d.total, lang)}</dd>
          </dl>
        </Card>
      </div>
      <Card title={t('Historial', 'Status history')}>
        {events.data ? <DocumentHistory events={events.data.events} /> : <FormError error={events.error} />}
      </Card>
      <Card title={t('Mensajes del SRI', 'Tax authority messages')}>
        {sri.data?.sriResponses.length === 0 && (
          <p className="muted">{t('Aún no hay respuestas.', 'No answers yet.')}</p>
        )}
        {sri.data && (
          <ul className="sri-list">
            {sri.data.sriResponses.map((r) => (
              <li key={r.createdAt + r.operationType}>
                <span className="when">{formatDateTime(r.createdAt, lang)}</span>{' '}
                {label(t, 'sriOperation', r.operationType)}:{' '}
                <strong>{label(t, 'sriStatus', r.status)}</strong>
                {r.messages?.map((m) => (
                  // The SRI's own words, always Spanish: marked so, whatever the page's language.
                  <div key={m.identifier + m.message} className={`sri-msg ${m.type.toLowerCase()}`} lang="es">
                    [{m.identifier}] {m.message}
                    {m.additionalInfo && <small> — {m.additionalInfo}</small>}
                  </div>
                ))}
              </li>
            ))}
          </ul>
        )}
        <FormError error={sri.error} />
      </Card>
      {modal === 'void' && (
        <VoidModal
          accessKey={accessKey}
          onClose={() => setModal(null)}
          onDone={() => {
            setNotice(t('Comprobante anulado.', 'Document voided.'));
            void doc.reload();
          }}
        />
      )}
      {modal === 'email' && (
        <EmailModal accessKey={accessKey} buyerEmail={d.buyer.email} onClose={() => setModal(null)} />
      )}
      {modal === 'credit' && <CreditNoteModal original={d} onClose={() => setModal(null)} />}
      {modal === 'debit' && <DebitNoteModal original={d} onClose={() => setModal(null)} />}
    </>
  );
}

function VoidModal({ accessKey, onClose, onDone }: { accessKey: string; onClose(): void; onDone(): void }) {
  const t = useT();
  const s = useSession();
  const voidDoc = useAction(async (form: FormData) => {
    await api('POST', `/v1/documents/${accessKey}/void`, {
      issuer: s.issuerId,
      body: {
        confirmedSriVoid: form.get('confirmedSriVoid') === 'on',
        reason: String(form.get('reason') ?? ''),
      },
    });
    onDone();
    onClose();
  });
  return (
    <Modal title={t('Anular comprobante', 'Void document')} onClose={onClose}>
      <ActionForm
        action={voidDoc}
        fields={['reason']}
        submitLabel={t('Anular', 'Void')}
        submitVariant="danger"
        after={
          <Button variant="link" onClick={onClose}>
            {t('Cancelar', 'Cancel')}
          </Button>
        }
      >
        <Alert kind="warning">
          {t(
            'Primero anula el comprobante en el portal del SRI; aquí solo se registra. No se puede deshacer.',
            "First void the document in the SRI's portal; this only records it. It cannot be undone.",
          )}
        </Alert>
        <TextField
          label={t('Motivo', 'Reason')}
          name="reason"
          maxLength={500}
          required
          error={voidDoc.error}
        />
        <CheckField
          name="confirmedSriVoid"
          label={t('Confirmo que lo anulé en el portal del SRI', 'I confirm I voided it in the SRI portal')}
        />
      </ActionForm>
    </Modal>
  );
}

function EmailModal({
  accessKey,
  buyerEmail,
  onClose,
}: {
  accessKey: string;
  buyerEmail: string;
  onClose(): void;
}) {
  const t = useT();
  const s = useSession();
  const [done, setDone] = useState(false);
  // The buyer's own address goes as no address: the API sends to the document's buyer.
  const send = useAction(async (form: FormData) => {
    const typed = String(form.get('email') ?? '');
    const email = typed === buyerEmail ? '' : typed;
    await api('POST', `/v1/documents/${accessKey}/email-retry`, {
      issuer: s.issuerId,
      body: email ? { email } : {},
    });
    setDone(true);
  });
  return (
    <Modal title={t('Reenviar RIDE y XML', 'Re-send RIDE and XML')} onClose={onClose}>
      {done ? (
        <Alert kind="success">{t('Correo en cola de envío.', 'Email queued for sending.')}</Alert>
      ) : (
        <ActionForm action={send} fields={['email']} submitLabel={t('Enviar', 'Send')}>
          <TextField
            label={t('Enviar a', 'Send to')}
            name="email"
            type="email"
            defaultValue={buyerEmail}
            error={send.error}
          />
        </ActionForm>
      )}
    </Modal>
  );
}

/** The voiding window of an AUTHORIZED document (Res. NAC-DGERCGC25-00000017), said before the owner tries. */
function voidWindowText(
  t: (es: string, en: string) => string,
  w: { lastDay: string | null; open: boolean; blockedBy: string | null },
): string {
  if (w.blockedBy === 'FINAL_CONSUMER')
    return t(
      'No anulable: factura a consumidor final (desde 2026 no se anula ni admite nota de crédito)',
      'Not voidable: a final-consumer invoice (since 2026 neither voided nor credited)',
    );
  if (w.lastDay === null) return t('Sin plazo conocido', 'No known deadline');
  if (w.blockedBy === 'WINDOW_CLOSED')
    return t(
      `Plazo vencido el ${w.lastDay}: corrige con una nota de crédito`,
      `Window closed on ${w.lastDay}: correct it with a credit note`,
    );
  return w.lastDay;
}
