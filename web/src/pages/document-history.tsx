import type { Answer } from '../api-models';
import { formatDateTime } from '../format';
import type { T } from '../i18n';
import { useT } from '../i18n';
import { label } from '../labels';

type DocumentEvent = Answer<'/v1/documents/{accessKey}/events', 'get'>['events'][number];

const text = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** One event of a document's history as a sentence a business owner reads. */
function eventSentence(t: T, e: DocumentEvent): string {
  const d = (e.detail ?? {}) as Record<string, unknown>;
  const to = text(d.to);
  switch (e.type) {
    case 'CREATED':
      return t('Creado y firmado electrónicamente', 'Created and electronically signed');
    case 'SENT_TO_SRI':
      return t('Enviado al SRI', 'Sent to the SRI');
    case 'SEND_REQUESTED':
      return t('Se pidió enviarlo al SRI ahora', 'Sending to the SRI was requested');
    case 'RECEIVED':
      return t('Recibido por el SRI', 'Received by the SRI');
    case 'AUTHORIZATION_CHECK_REQUESTED':
      return t('Se pidió consultar la autorización', 'An authorization check was requested');
    case 'AUTHORIZED':
      return t('Autorizado por el SRI', 'Authorized by the SRI');
    case 'RETURNED':
      return t('Devuelto por el SRI (ver mensajes del SRI)', 'Returned by the SRI (see its messages)');
    case 'NOT_AUTHORIZED':
      return t(
        'No autorizado por el SRI (ver mensajes del SRI)',
        'Not authorized by the SRI (see its messages)',
      );
    case 'ERROR':
      return t(
        'No se pudo contactar al SRI; se reintentará solo',
        'The SRI could not be reached; it will be retried automatically',
      );
    case 'RETRY_REQUESTED':
      return t('Se pidió reintentar', 'A retry was requested');
    case 'REQUEUED':
      return t('Se retomó automáticamente', 'Picked up again automatically');
    case 'REBUILT':
      return d.corrected
        ? t('Corregido y firmado de nuevo', 'Corrected and signed again')
        : t('Firmado de nuevo', 'Signed again');
    case 'VOIDED':
      return text(d.reason)
        ? t(`Anulado. Motivo: ${d.reason}`, `Voided. Reason: ${d.reason}`)
        : t('Anulado', 'Voided');
    case 'EMAIL_QUEUED':
      return to
        ? t(`Correo por enviar a ${to}`, `Email to be sent to ${to}`)
        : t('Correo por enviar', 'Email to be sent');
    case 'EMAIL_SENT':
      return to ? t(`Correo enviado a ${to}`, `Email sent to ${to}`) : t('Correo enviado', 'Email sent');
    case 'EMAIL_FAILED':
      return to
        ? t(`Falló el correo a ${to}`, `The email to ${to} failed`)
        : t('Falló el correo', 'The email failed');
    default:
      return label(t, 'eventType', e.type);
  }
}

/**
 * The history, newest first like the SRI's messages beside it (the API lists events oldest first);
 * build numbers, message ids and fingerprints folded under each line.
 */
export function DocumentHistory({ events }: { events: DocumentEvent[] }) {
  const t = useT();
  return (
    <ol className="timeline">
      {[...events].reverse().map((e) => {
        const detail = e.detail && Object.keys(e.detail).length > 0 ? e.detail : null;
        return (
          <li key={e.id} data-event={e.type}>
            <span className="when">{formatDateTime(e.createdAt)}</span> <strong>{eventSentence(t, e)}</strong>
            {detail && (
              <details className="technical">
                <summary>{t('Detalle técnico', 'Technical detail')}</summary>
                <code className="detail">
                  {e.type}{' '}
                  {Object.entries(detail)
                    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
                    .join(' · ')}
                </code>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
