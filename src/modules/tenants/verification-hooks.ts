import type { OutboxHooks } from '../mail/index.js';
import { recordTenantEvent } from '../tenant-events/index.js';

/** The verification email's delivery shows in the tenant's audit log (docs/spec-map.md, Events). */
export function registerVerificationEmailHooks(hooks: OutboxHooks): void {
  hooks.onSent.set('verification', async (uow, email, at) => {
    if (email.tenantId)
      await recordTenantEvent(
        uow,
        email.tenantId,
        'VERIFICATION_EMAIL_SENT',
        { emailId: email.id, to: email.toAddress },
        at,
      );
  });
  hooks.onFailed.set('verification', async (tx, email, error, at) => {
    if (email.tenantId) {
      await recordTenantEvent(
        tx,
        email.tenantId,
        'VERIFICATION_EMAIL_FAILED',
        { emailId: email.id, to: email.toAddress, error },
        at,
      );
    }
  });
}
