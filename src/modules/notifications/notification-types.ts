/** The notification vocabulary of docs/spec-map.md (Events: Notification types). */
export const NOTIFICATION_TYPES = [
  'DOCUMENT_AUTHORIZED',
  'CERT_EXPIRING',
  'CERT_EXPIRED',
  'PAYMENT_VERIFIED',
  'PAYMENT_REJECTED',
  'SUBSCRIPTION_RENEWAL_DUE',
  'SUBSCRIPTION_PAST_DUE_WARNING',
  'SUBSCRIPTION_EXPIRED',
  'PRICE_CHANGE_ANNOUNCED',
  'SRI_SUBMISSION_FAILED',
  'EMAIL_DELIVERY_FAILED',
  'QUOTA_WARNING',
  'PURCHASE_VOIDED',
  'DOCUMENT_VOIDED_AT_SRI',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const SEVERITIES = ['INFO', 'WARNING', 'ERROR'] as const;
export type Severity = (typeof SEVERITIES)[number];

export const CHANNELS = ['IN_APP', 'EMAIL'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Types without an email equivalent: their preferences list only IN_APP. */
const IN_APP_ONLY_TYPES: ReadonlySet<NotificationType> = new Set([
  'DOCUMENT_AUTHORIZED',
  'CERT_EXPIRING',
  'CERT_EXPIRED',
]);

/** Mandatory: always shown and emailed, never listed among the preferences, cannot be configured. */
export const MANDATORY_TYPE: NotificationType = 'PRICE_CHANGE_ANNOUNCED';

export function hasEmailEquivalent(type: NotificationType): boolean {
  return !IN_APP_ONLY_TYPES.has(type);
}

/** Every configurable (type, channel) pair, in the order GET preferences lists them. */
export const CONFIGURABLE_PAIRS: readonly { type: NotificationType; channel: Channel }[] =
  NOTIFICATION_TYPES.filter((t) => t !== MANDATORY_TYPE).flatMap((type) =>
    hasEmailEquivalent(type)
      ? [
          { type, channel: 'IN_APP' as const },
          { type, channel: 'EMAIL' as const },
        ]
      : [{ type, channel: 'IN_APP' as const }],
  );

/** Text a producer gives either in one language or in both (the tenant's language picks). */
export type LocalizedText = string | { es: string; en: string };
export type Language = 'es' | 'en';

export function localize(text: LocalizedText, lang: Language): string {
  return typeof text === 'string' ? text : text[lang];
}
