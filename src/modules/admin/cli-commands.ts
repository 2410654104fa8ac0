import { readFileSync, writeFileSync } from 'node:fs';
import { AppError, validationError } from '../../shared/errors.js';
import { PAYMENT_STATUSES, REJECTION_REASONS, type RejectionReason } from '../billing/index.js';
import { type Column, formatRecord, formatTable, shortTime } from './cli-format.js';
import { parseEffectiveAt } from './effective-at.js';
import type { OperatorServices } from './operator-services.js';
import { SUSPENSION_REASONS, type SuspensionReason } from './tenants-admin.service.js';

const CLI_HELP = `npm run admin -- <command> [arguments]

  payments [STATUS]                          payments, REPORTED (awaiting review) first
  payments:show <id>                         one payment and its proofs
  payments:verify <id>                       verify: the plan applies now
  payments:reject <id> <REASON> [note]       reasons: ${REJECTION_REASONS.join(', ')}
  payments:refund <id> [note]                refund: the tier before the payment comes back
  proofs:download <paymentId> <proofId> <file>
  tenants [query]                            search by email, business name or RUC
  tenants:suspend <id> <REASON> [note]       reasons: ${SUSPENSION_REASONS.join(', ')}
  tenants:reinstate <id> [note]
  agreements                                 published agreement versions
  agreements:publish <TYPE> <version> <file> TYPE: TERMS, PRIVACY or DPA
  prices                                     announced price changes
  prices:announce <TIER> <MONTHLY|YEARLY> <price> <YYYY-MM-DD>
  holidays [YEAR]                            national holidays (the voiding window skips them)
  holidays:add <DD/MM/YYYY> <name>           add a holiday (a decree's moved day, a new one)
  holidays:remove <DD/MM/YYYY>
  jobs                                       scheduled jobs
  jobs:run <name>                            run a scheduled job now
  help`;

type Payment = Awaited<ReturnType<OperatorServices['paymentsAdmin']['list']>>[number];
const PAYMENT_COLUMNS: Column<Payment>[] = [
  ['ID', (p) => p.id],
  ['STATUS', (p) => p.status],
  ['PURPOSE', (p) => p.purpose],
  ['PLAN', (p) => `${p.plan_tier} ${p.plan_billing_interval}`],
  ['TOTAL', (p) => p.total_amount],
  ['TENANT', (p) => p.tenant_email],
  ['RUC', (p) => p.tenant_ruc],
  ['REPORTED', (p) => shortTime(p.reported_at)],
  ['PROOFS', (p) => p.proof_count],
  ['REASON', (p) => p.rejection_reason_code],
];

type Tenant = Awaited<ReturnType<OperatorServices['tenantsAdmin']['list']>>[number];
const TENANT_COLUMNS: Column<Tenant>[] = [
  ['ID', (t) => t.id],
  ['EMAIL', (t) => t.email],
  ['RUC', (t) => t.ruc],
  ['BUSINESS NAME', (t) => t.businessName],
  ['STATUS', (t) => (t.suspensionReasonCode ? `${t.status} (${t.suspensionReasonCode})` : t.status)],
  ['TIER', (t) => t.subscriptionTier],
  ['ENV', (t) => (t.sandbox ? 'sandbox' : 'production')],
];

function arg(args: string[], i: number, name: string): string {
  const v = args[i];
  if (v === undefined || v === '') throw validationError(name, 'is required (see `npm run admin -- help`)');
  return v;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw validationError(name, `must be one of ${allowed.join(', ')}`);
  return value as T;
}

const decision = (r: { payment: { id: string; status: string }; subscription: Record<string, unknown> }) =>
  formatRecord({
    payment: r.payment.id,
    status: r.payment.status,
    subscription: r.subscription.id,
    'subscription status': r.subscription.status,
    tier: r.subscription.tier,
    'period end': shortTime(r.subscription.current_period_end as string | null),
  });

/** Runs one command with the same services the operator API uses; returns what to print. */
export async function runCommand(ops: OperatorServices, argv: string[]): Promise<string> {
  const [command = 'help', ...args] = argv;
  const rest = (from: number) => args.slice(from).join(' ') || null;
  switch (command) {
    case 'help':
    case '--help':
      return CLI_HELP;
    case 'payments': {
      const status = args[0] ? oneOf(args[0].toUpperCase(), PAYMENT_STATUSES, 'status') : undefined;
      return formatTable(await ops.paymentsAdmin.list({ status, limit: 200 }), PAYMENT_COLUMNS);
    }
    case 'payments:show': {
      const { payment, proofs } = await ops.paymentsAdmin.get(arg(args, 0, 'id'));
      const proofTable = formatTable(proofs, [
        ['PROOF', (p) => p.id],
        ['FILE', (p) => p.filename],
        ['TYPE', (p) => p.content_type],
        ['BYTES', (p) => p.size_bytes],
        ['UPLOADED', (p) => shortTime(p.uploaded_at)],
      ]);
      return `${formatRecord(payment)}\n\n${proofTable}`;
    }
    case 'payments:verify':
      return decision(await ops.review.verify(arg(args, 0, 'id')));
    case 'payments:reject': {
      const reason = oneOf<RejectionReason>(
        arg(args, 1, 'reason').toUpperCase(),
        REJECTION_REASONS,
        'reason',
      );
      return decision(await ops.review.reject(arg(args, 0, 'id'), reason, rest(2)));
    }
    case 'payments:refund':
      return decision(await ops.review.refund(arg(args, 0, 'id'), rest(1)));
    case 'proofs:download': {
      const file = await ops.paymentsAdmin.proof(arg(args, 0, 'paymentId'), arg(args, 1, 'proofId'));
      const target = arg(args, 2, 'file');
      writeFileSync(target, file.content);
      return `${target}: ${file.contentType}, ${file.content.length} bytes`;
    }
    case 'tenants':
      return formatTable(
        await ops.tenantsAdmin.list({ q: rest(0) ?? undefined, limit: 200 }),
        TENANT_COLUMNS,
      );
    case 'tenants:suspend': {
      const reason = oneOf<SuspensionReason>(
        arg(args, 1, 'reason').toUpperCase(),
        SUSPENSION_REASONS,
        'reason',
      );
      return formatTable(
        [await ops.tenantsAdmin.suspend(arg(args, 0, 'id'), reason, rest(2))],
        TENANT_COLUMNS,
      );
    }
    case 'tenants:reinstate':
      return formatTable([await ops.tenantsAdmin.reinstate(arg(args, 0, 'id'), rest(1))], TENANT_COLUMNS);
    case 'agreements':
      return formatTable(await ops.agreements.templates(), [
        ['TYPE', (a) => a.documentType],
        ['VERSION', (a) => a.version],
        ['PUBLISHED', (a) => shortTime(a.publishedAt)],
        ['SHA-256', (a) => a.contentHash.slice(0, 16)],
      ]);
    case 'agreements:publish': {
      const content = readFileSync(arg(args, 2, 'file'), 'utf8');
      const a = await ops.agreements.publish({
        documentType: arg(args, 0, 'type').toUpperCase(),
        version: arg(args, 1, 'version'),
        content,
      });
      return `published ${a.documentType} ${a.version} (sha256 ${a.contentHash})`;
    }
    case 'prices':
      return formatTable(await ops.priceChanges.list(), [
        ['ID', (c) => c.id],
        ['PLAN', (c) => `${c.tier} ${c.billingInterval}`],
        ['FROM', (c) => c.previousPrice],
        ['TO', (c) => c.newPrice],
        ['EFFECTIVE', (c) => shortTime(c.effectiveAt)],
        ['APPLIED', (c) => shortTime(c.appliedAt)],
      ]);
    case 'prices:announce': {
      const r = await ops.priceChanges.announce({
        tier: arg(args, 0, 'tier').toUpperCase(),
        billingInterval: arg(args, 1, 'interval').toUpperCase(),
        price: arg(args, 2, 'price'),
        effectiveAt: parseEffectiveAt(arg(args, 3, 'effectiveAt')),
      });
      const c = r.priceChange;
      return `announced ${c.tier} ${c.billingInterval}: USD ${c.previousPrice} -> ${c.newPrice} from ${shortTime(c.effectiveAt)}; ${r.notified} tenant(s) notified`;
    }
    case 'holidays':
      return formatTable(await ops.holidays.list(args[0] ? Number(args[0]) : undefined), [
        ['DATE', (h) => h.date],
        ['NAME', (h) => h.name],
      ]);
    case 'holidays:add': {
      const h = await ops.holidays.add({ date: arg(args, 0, 'date'), name: args.slice(1).join(' ') });
      return `added ${h.date} ${h.name}`;
    }
    case 'holidays:remove': {
      const h = await ops.holidays.remove(arg(args, 0, 'date'));
      return `removed ${h.date} ${h.name}`;
    }
    case 'jobs':
      return ops.jobNames().join('\n');
    case 'jobs:run': {
      const r = await ops.runJob(arg(args, 0, 'name'));
      return `${r.job} ran at ${r.ranAt}\n${formatRecord(r.result)}`;
    }
    default:
      throw new AppError('BAD_REQUEST', `Unknown command "${command}"\n\n${CLI_HELP}`);
  }
}
