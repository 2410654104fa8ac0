-- DOCUMENT_VOIDED_AT_SRI: one of our issued documents found ANULADO at the SRI (notification + webhook).
alter table notifications drop constraint if exists notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in (
  'DOCUMENT_AUTHORIZED', 'CERT_EXPIRING', 'CERT_EXPIRED', 'PAYMENT_VERIFIED', 'PAYMENT_REJECTED',
  'SUBSCRIPTION_RENEWAL_DUE', 'SUBSCRIPTION_PAST_DUE_WARNING', 'SUBSCRIPTION_EXPIRED',
  'PRICE_CHANGE_ANNOUNCED', 'SRI_SUBMISSION_FAILED', 'EMAIL_DELIVERY_FAILED', 'QUOTA_WARNING',
  'PURCHASE_VOIDED', 'DOCUMENT_VOIDED_AT_SRI'));
