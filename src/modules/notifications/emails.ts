import { layout, type RenderedEmail } from '../mail/index.js';
import { type Language, MANDATORY_TYPE, type NotificationType, type Severity } from './notification-types.js';

/** Labels of the metadata facts an email lists; unknown keys are shown as they are. */
const LABELS: Record<Language, Record<string, string>> = {
  es: {
    accessKey: 'Clave de acceso',
    sequential: 'Secuencial',
    documentType: 'Tipo de documento',
    status: 'Estado',
    recipient: 'Destinatario',
    error: 'Error',
    used: 'Documentos emitidos',
    quota: 'Cupo',
    percent: 'Porcentaje',
    periodKey: 'Período',
    tier: 'Plan',
    amount: 'Monto',
    totalAmount: 'Total',
    currentPeriodEnd: 'Fin del período',
    effectiveAt: 'Vigente desde',
  },
  en: {
    accessKey: 'Access key',
    sequential: 'Sequential',
    documentType: 'Document type',
    status: 'Status',
    recipient: 'Recipient',
    error: 'Error',
    used: 'Documents issued',
    quota: 'Quota',
    percent: 'Percent',
    periodKey: 'Period',
    tier: 'Plan',
    amount: 'Amount',
    totalAmount: 'Total',
    currentPeriodEnd: 'Period end',
    effectiveAt: 'Effective from',
  },
};

const FOOTER: Record<Language, { optional: string; mandatory: string }> = {
  es: {
    optional: 'Puedes desactivar estos correos en las preferencias de notificaciones.',
    mandatory: 'Este aviso es obligatorio y se envía a todas las cuentas afectadas.',
  },
  en: {
    optional: 'You can turn these emails off in your notification preferences.',
    mandatory: 'This notice is mandatory and is sent to every affected account.',
  },
};

/** The plain facts of the metadata (strings, numbers, booleans), one line each. */
function facts(lang: Language, metadata: Record<string, unknown> | null): string[] {
  if (!metadata) return [];
  return Object.entries(metadata)
    .filter(([, v]) => ['string', 'number', 'boolean'].includes(typeof v))
    .map(([k, v]) => `${LABELS[lang][k] ?? k}: ${String(v)}`);
}

/**
 * The email equivalent of a notification: its title as subject, its message, the facts of its
 * metadata, and a footer saying how to turn it off (or that it is mandatory). Spanish or English
 * by the tenant's language, like every email of the service.
 */
export function notificationEmail(
  lang: Language,
  n: {
    type: NotificationType;
    severity: Severity;
    title: string;
    message: string;
    metadata: Record<string, unknown> | null;
  },
): RenderedEmail {
  const footer = n.type === MANDATORY_TYPE ? FOOTER[lang].mandatory : FOOTER[lang].optional;
  const details = facts(lang, n.metadata);
  const text = [n.message, ...(details.length ? [details.join('\n')] : []), footer].join('\n\n');
  return { subject: n.title, text: `${text}\n`, html: layout([n.message, ...details, footer]) };
}
