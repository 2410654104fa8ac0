/**
 * The mail module: the outbox (table outbox_emails) that every email goes through, the job that
 * sends it, and the shared layout of our emails. Other modules import from here only.
 */
export {
  createOutboxHooks,
  createSendEmailJob,
  type OutboxHooks,
  type OutboxRow,
  queueEmail,
} from './outbox.js';
export { escapeHtml, type Language, layout, type RenderedEmail, verificationEmail } from './templates.js';
