import { money } from '../format';
import { useLang, useT } from '../i18n';
import { useSession } from '../session';
import type { IssueConfirmation } from './document-form';
import { Alert, ConfirmDialog } from './ui';

type Party = { name?: string; id?: string };

/** Who the document is for, as the corrected body names them (buyer, supplier, subject, carrier). */
function counterpart(body: Record<string, unknown>): Party | null {
  for (const k of ['buyer', 'supplier', 'subject', 'carrier']) {
    const p = body[k] as Party | undefined;
    if (p && typeof p === 'object' && p.name) return p;
  }
  return null;
}

/**
 * "Emitir" cannot be undone (the SRI authorizes; only a void in its portal undoes it), so every
 * issue button asks first, with what will be issued: the total and whom it is for.
 */
export function IssueConfirm({
  confirm,
  title,
  partyLabel,
  total,
}: {
  confirm: IssueConfirmation;
  title: string;
  /** "Cliente", "Proveedor"…: how the form names the counterpart. */
  partyLabel: string;
  /** The total to state; null for a document without an amount (a waybill). */
  total?: string | null;
}) {
  const t = useT();
  const { lang } = useLang();
  const answer = confirm.answer;
  if (!answer?.correctedBody) return null;
  const party = counterpart(answer.correctedBody);
  const doc = answer.document;
  const amount = total !== undefined ? total : (doc?.totals?.total ?? doc?.total ?? null);
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={t('Sí, emitir', 'Yes, issue')}
      busy={confirm.issue.busy}
      error={confirm.issue.error}
      onConfirm={() => void confirm.issue.run()}
      onClose={confirm.cancel}
    >
      <dl className="kv" data-testid="issue-confirm">
        {party && (
          <>
            <dt>{partyLabel}</dt>
            <dd>
              {party.name} {party.id && <span className="muted">({party.id})</span>}
            </dd>
          </>
        )}
        {amount !== null && (
          <>
            <dt>Total</dt>
            <dd className="strong">{money(amount, lang)}</dd>
          </>
        )}
      </dl>
      <p>
        {t(
          'Se enviará al SRI y no se puede deshacer: solo se anula en el portal del SRI.',
          'It goes to the SRI and cannot be undone: only a void in the SRI portal reverses it.',
        )}
      </p>
    </ConfirmDialog>
  );
}

/** Atop a document form in the sandbox: what is issued there has no tax validity. */
export function SandboxNotice() {
  const t = useT();
  const s = useSession();
  if (!s.tenant?.sandbox) return null;
  return (
    <Alert>{t('Ambiente de pruebas: sin validez tributaria.', 'Test environment: no tax validity.')}</Alert>
  );
}
