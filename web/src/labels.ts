import type { T } from './i18n';

/**
 * Every code the API answers, as people read it, in Spanish and English. A page never prints a
 * code (`PENDING_PAYMENT`, `AMOUNT_MISMATCH`, `documents:read`): it asks `label(t, group, code)`.
 * test/web/words.test.ts walks the app in both languages and fails on a raw code on screen.
 */
type Labels = Record<string, readonly [es: string, en: string]>;

const documentStatus: Labels = {
  SIGNED: ['Firmado', 'Signed'],
  RECEIVED: ['Recibido por el SRI', 'Received by the SRI'],
  RETURNED: ['Devuelto', 'Returned'],
  AUTHORIZED: ['Autorizado', 'Authorized'],
  NOT_AUTHORIZED: ['No autorizado', 'Not authorized'],
  VOIDED: ['Anulado', 'Voided'],
};

const documentType: Labels = {
  '01': ['Factura', 'Invoice'],
  '03': ['Liquidación de compra', 'Purchase settlement'],
  '04': ['Nota de crédito', 'Credit note'],
  '05': ['Nota de débito', 'Debit note'],
  '06': ['Guía de remisión', 'Waybill'],
  '07': ['Retención', 'Withholding'],
};

/** The buyer's email of a document (documents list and detail). */
const emailStatus: Labels = {
  PENDING: ['Por enviar', 'Not sent yet'],
  SENT: ['Enviado', 'Sent'],
  DELIVERED: ['Entregado', 'Delivered'],
  FAILED: ['Falló el envío', 'Sending failed'],
  NOT_GENERATED: ['No generado', 'Not generated'],
  NONE: ['Sin correo', 'No email'],
};

/** The tax authority's two web services and the state each answered. */
const sriOperation: Labels = {
  RECEPTION: ['Recepción', 'Reception'],
  AUTHORIZATION: ['Autorización', 'Authorization'],
};
const sriStatus: Labels = {
  RECIBIDA: ['Recibido', 'Received'],
  DEVUELTA: ['Devuelto', 'Returned'],
  AUTORIZADO: ['Autorizado', 'Authorized'],
  'NO AUTORIZADO': ['No autorizado', 'Not authorized'],
  EN_PROCESO: ['En proceso', 'In process'],
  ...documentStatus,
};
const sriMessageType: Labels = {
  ERROR: ['Error', 'Error'],
  ADVERTENCIA: ['Advertencia', 'Warning'],
  INFORMATIVO: ['Información', 'Information'],
};

const subscriptionStatus: Labels = {
  PENDING_PAYMENT: ['Esperando el pago', 'Awaiting payment'],
  ACTIVE: ['Activo', 'Active'],
  CANCELLED: ['Cancelado', 'Cancelled'],
  EXPIRED: ['Vencido', 'Expired'],
  PAST_DUE: ['Pago atrasado', 'Past due'],
};

const paymentStatus: Labels = {
  PENDING: ['Por pagar', 'To be paid'],
  REPORTED: ['En revisión', 'Under review'],
  VERIFIED: ['Verificado', 'Verified'],
  REJECTED: ['Rechazado', 'Rejected'],
  REFUNDED: ['Reembolsado', 'Refunded'],
  CANCELLED: ['Cancelado', 'Cancelled'],
  EXPIRED: ['Vencido', 'Expired'],
};

const paymentPurpose: Labels = {
  INITIAL: ['Primer pago', 'First payment'],
  TIER_CHANGE: ['Cambio de plan', 'Plan change'],
  RENEWAL: ['Renovación', 'Renewal'],
};

const rejectionReason: Labels = {
  AMOUNT_MISMATCH: ['El monto no coincide', 'The amount does not match'],
  TRANSFER_NOT_FOUND: ['No se encontró la transferencia', 'Transfer not found'],
  WRONG_ACCOUNT: ['Pago a otra cuenta', 'Paid to another account'],
  ILLEGIBLE_PROOF: ['Comprobante ilegible', 'Illegible proof'],
  DUPLICATE_SUBMISSION: ['Comprobante repetido', 'Duplicate proof'],
  OTHER: ['Otro motivo', 'Other reason'],
};

const suspensionReason: Labels = {
  PAYMENT_REVERSED: ['Pago revertido', 'Payment reversed'],
  FRAUD_SUSPECTED: ['Sospecha de fraude', 'Suspected fraud'],
  TERMS_VIOLATION: ['Incumplimiento de los términos', 'Terms violation'],
  VOLUNTARY_CLOSURE: ['Cierre voluntario', 'Voluntary closure'],
  UNPAID_BALANCE: ['Saldo impago', 'Unpaid balance'],
  OTHER: ['Otro motivo', 'Other reason'],
};

const tenantStatus: Labels = {
  PENDING_VERIFICATION: ['Correo sin verificar', 'Email not verified'],
  ACTIVE: ['Activa', 'Active'],
  SUSPENDED: ['Suspendida', 'Suspended'],
  PAST_DUE: ['Pago atrasado', 'Past due'],
};

/** The paid plans' names are brand names, the same in both languages and in the service's emails. */
const tier: Labels = {
  FREE: ['Gratuito', 'Free'],
  STARTER: ['Starter', 'Starter'],
  GROWTH: ['Growth', 'Growth'],
  BUSINESS: ['Business', 'Business'],
};

const billingInterval: Labels = {
  MONTHLY: ['Mensual', 'Monthly'],
  YEARLY: ['Anual', 'Yearly'],
};

const notificationType: Labels = {
  DOCUMENT_AUTHORIZED: ['Comprobante autorizado', 'Document authorized'],
  CERT_EXPIRING: ['Certificado por caducar', 'Certificate expiring'],
  CERT_EXPIRED: ['Certificado caducado', 'Certificate expired'],
  PAYMENT_VERIFIED: ['Pago verificado', 'Payment verified'],
  PAYMENT_REJECTED: ['Pago rechazado', 'Payment rejected'],
  SUBSCRIPTION_RENEWAL_DUE: ['Renovación próxima', 'Renewal due'],
  SUBSCRIPTION_PAST_DUE_WARNING: ['Pago del plan atrasado', 'Plan payment overdue'],
  SUBSCRIPTION_EXPIRED: ['Plan vencido', 'Plan expired'],
  PRICE_CHANGE_ANNOUNCED: ['Cambio de precio anunciado', 'Price change announced'],
  SRI_SUBMISSION_FAILED: ['Falló el envío al SRI', 'Submission to the SRI failed'],
  EMAIL_DELIVERY_FAILED: ['Falló un correo al cliente', 'Email to a buyer failed'],
  QUOTA_WARNING: ['Cupo del plan por agotarse', 'Plan quota running out'],
  PURCHASE_VOIDED: ['Compra anulada en el SRI', 'Purchase voided in the SRI'],
  DOCUMENT_VOIDED_AT_SRI: ['Comprobante anulado en el SRI', 'Document voided in the SRI'],
};

const notificationChannel: Labels = {
  IN_APP: ['En la app', 'In app'],
  EMAIL: ['Correo', 'Email'],
};

const severity: Labels = {
  INFO: ['Información', 'Information'],
  WARNING: ['Aviso', 'Warning'],
  ERROR: ['Error', 'Error'],
};

/** Webhook deliveries and operator jobs. */
const deliveryStatus: Labels = {
  PENDING: ['Pendiente', 'Pending'],
  DELIVERED: ['Entregado', 'Delivered'],
  FAILED: ['Falló', 'Failed'],
};
const jobStatus: Labels = {
  QUEUED: ['En cola', 'Queued'],
  RUNNING: ['En curso', 'Running'],
  DONE: ['Terminada', 'Done'],
  FAILED: ['Falló', 'Failed'],
};
const healthStatus: Labels = {
  OK: ['Funciona', 'Working'],
  DEGRADED: ['Con fallas', 'Degraded'],
  DOWN: ['Caído', 'Down'],
  UNKNOWN: ['Desconocido', 'Unknown'],
};

/** Webhook event types (the webhook's subscription and its delivery log): the notification types and the test. */
const eventType: Labels = {
  ...notificationType,
  WEBHOOK_TEST: ['Evento de prueba', 'Test event'],
};

const agreementType: Labels = {
  TERMS: ['Términos del servicio', 'Terms of service'],
  PRIVACY: ['Política de privacidad', 'Privacy policy'],
  DPA: ['Acuerdo de tratamiento de datos', 'Data processing agreement'],
};
const agreementStatus: Labels = {
  PENDING: ['Por aceptar', 'To accept'],
  ACCEPTED: ['Aceptado', 'Accepted'],
  OUTDATED: ['Hay una versión nueva', 'New version available'],
};

const environment: Labels = {
  sandbox: ['Pruebas', 'Test'],
  production: ['Producción', 'Production'],
};

/** The SRI's identification types (tabla 6). */
const idType: Labels = {
  '04': ['RUC', 'RUC'],
  '05': ['Cédula', 'ID card'],
  '06': ['Pasaporte', 'Passport'],
  '07': ['Consumidor final', 'Final consumer'],
  '08': ['Identificación del exterior', 'Foreign ID'],
};

const scope: Labels = {
  'documents:write': ['Emitir comprobantes', 'Issue documents'],
  'documents:read': ['Consultar comprobantes', 'Read documents'],
  'issuers:read': ['Consultar emisores', 'Read issuers'],
  'issuers:write': ['Modificar emisores', 'Change issuers'],
  'keys:manage': ['Administrar claves', 'Manage keys'],
  'billing:manage': ['Administrar plan y pagos', 'Manage plan and payments'],
  'webhooks:manage': ['Administrar webhooks', 'Manage webhooks'],
  'tenant:manage': ['Administrar la cuenta', 'Manage the account'],
  'tenant:promote': ['Pasar a producción', 'Go to production'],
};

const LABELS = {
  documentStatus,
  documentType,
  emailStatus,
  sriOperation,
  sriStatus,
  sriMessageType,
  subscriptionStatus,
  paymentStatus,
  paymentPurpose,
  rejectionReason,
  suspensionReason,
  tenantStatus,
  tier,
  billingInterval,
  notificationType,
  notificationChannel,
  severity,
  deliveryStatus,
  jobStatus,
  healthStatus,
  eventType,
  agreementType,
  agreementStatus,
  environment,
  idType,
  scope,
} as const;

export type LabelGroup = keyof typeof LABELS;

/**
 * The label of `code` in `group`; an unknown code (a newer server) reads as words, never as
 * SHOUTING_SNAKE_CASE, so the page stays readable until the label is added here.
 */
export function label(t: T, group: LabelGroup, code: string | null | undefined): string {
  if (code === null || code === undefined || code === '') return '—';
  const l = LABELS[group][code];
  if (l) return t(l[0], l[1]);
  return humanize(code);
}

/** `[code, label]` pairs for a `<select>`. */
export function labelOptions(t: T, group: LabelGroup, codes: readonly string[]): [string, string][] {
  return codes.map((c) => [c, label(t, group, c)]);
}

function humanize(code: string): string {
  const words = code
    .replace(/[_:.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
