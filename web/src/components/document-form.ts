import { useState } from 'react';
import { ApiError, api } from '../api';
import type { DocumentDetail } from '../api-models';
import { useAction } from '../hooks';
import { useT } from '../i18n';
import { navigate } from '../router';
import { type DryRunAnswer, personErrors, shownErrors, unplacedErrors, useDryRun } from './dry-run';
import { groupOf, useTouched } from './form-state';

type Body = Record<string, unknown>;

/** A checked document waiting for "Emitir" in the confirmation (components/issue-confirm.tsx). */
export interface IssueConfirmation {
  answer: DryRunAnswer | null;
  issue: { run(): Promise<unknown>; busy: boolean; error: ApiError | null };
  cancel(): void;
}

/**
 * What every document form shares: the dry run of its body (debounced) for totals and errors,
 * errors on touched fields (all of them after a submit attempt), the rest listed, and a submit
 * that runs the dry run once more and creates the document from its corrected body (the tax
 * bases and values the service computed) with an Idempotency-Key.
 */
export function useDocumentForm({
  body,
  totalsBody,
  ready,
  issuer,
  fields,
  before,
  onCreated,
}: {
  body: Body;
  /** The same lines with a placeholder counterpart, for the totals while the form is incomplete. */
  totalsBody?: Body;
  /** False until the catalogs the body depends on are loaded: no dry run before. */
  ready: boolean;
  issuer: string | null;
  /** The body paths that have a field in the form. */
  fields: string[];
  /** Runs after the dry run accepted the body and before creation (save a new customer). */
  before?: () => Promise<void>;
  onCreated(accessKey: string): void;
}) {
  const t = useT();
  const form = useTouched();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const dry = useDryRun({ body: ready ? body : {}, totalsBody: ready ? totalsBody : undefined, issuer });
  const errors = personErrors(t, dry.answer, body);
  const fieldError = shownErrors(errors, form.touched, form.submitted);
  const unplaced = unplacedErrors(errors, fields).filter(
    (e) => form.submitted || [...form.touched].some((f) => groupOf(f) === groupOf(e.path)),
  );
  /** The checked answer waiting for the person's confirmation (issuing cannot be undone). */
  const [checked, setChecked] = useState<DryRunAnswer | null>(null);
  const create = useAction(async () => {
    form.setSubmitted(true);
    const answer: DryRunAnswer | null = await dry.check();
    if (!answer) throw new ApiError(0, 'NETWORK', 'The service cannot be reached');
    if (personErrors(t, answer, body).length > 0 || !answer.correctedBody)
      throw new ApiError(400, 'VALIDATION_FAILED', '', []);
    setChecked(answer);
  });
  const issue = useAction(async () => {
    if (!checked?.correctedBody) return;
    await before?.();
    try {
      const res = await api<{ document: { accessKey: string } }>('POST', '/v1/documents', {
        body: checked.correctedBody,
        issuer,
        // A double click or a retry after a lost answer returns the same document.
        headers: { 'idempotency-key': idempotencyKey },
      });
      setChecked(null);
      onCreated(res.document.accessKey);
    } catch (e) {
      // A refused body is corrected and sent again: a new request, with a new key.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) setIdempotencyKey(crypto.randomUUID());
      throw e;
    }
  });
  const confirm: IssueConfirmation = { answer: checked, issue, cancel: () => setChecked(null) };
  // Busy (its button disabled) until the catalogs are in: a submit before would check an empty body
  // and show errors on a form filled correctly.
  return {
    dry,
    fieldError,
    unplaced,
    create: { ...create, busy: create.busy || !ready },
    confirm,
    onBlurCapture: form.onBlurCapture,
  };
}

/**
 * For the forms that build their body themselves (withholding, waybill): the submit only asks
 * (`ask(body)` opens the confirmation), the confirmation creates. A refusal closes the
 * confirmation so its errors show on the form's fields.
 */
function useConfirmedPost({
  issuer,
  onCreated,
}: {
  issuer: string | null;
  onCreated(accessKey: string): void;
}) {
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [body, setBody] = useState<Body | null>(null);
  const issue = useAction(async () => {
    if (!body) return;
    try {
      const res = await api<{ document: { accessKey: string } }>('POST', '/v1/documents', {
        body,
        issuer,
        headers: { 'idempotency-key': idempotencyKey },
      });
      setBody(null);
      onCreated(res.document.accessKey);
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
        setIdempotencyKey(crypto.randomUUID());
        setBody(null);
      }
      throw e;
    }
  });
  const confirm: IssueConfirmation = {
    answer: body ? { valid: true, errors: [], correctedBody: body } : null,
    issue,
    cancel: () => setBody(null),
  };
  return {
    confirm,
    ask: (b: Body) => {
      issue.setError(null);
      setBody(b);
    },
    error: issue.error,
  };
}

/**
 * A form's submit as `useConfirmedPost`'s ask: `build` reads the form (`get` trims a field) into
 * the body to confirm; the created document opens. `create.error` is the form's own or the refusal.
 */
export function useFormIssue(
  issuer: string | null,
  build: (form: FormData, get: (name: string) => string) => Body,
) {
  const { confirm, ask, error } = useConfirmedPost({
    issuer,
    onCreated: (accessKey) => navigate(`/app/documents/${accessKey}`),
  });
  const create = useAction(async (form: FormData) => {
    ask(build(form, (name) => String(form.get(name) ?? '').trim()));
  });
  return { confirm, create: { ...create, error: create.error ?? error } };
}

/** A credit or debit note's buyer and the invoice it corrects, both as the invoice was issued. */
export function againstInvoice(original: DocumentDetail) {
  const { buyer } = original;
  return {
    buyer: { idType: buyer.idType, id: buyer.id, name: buyer.name, email: buyer.email },
    originalDocument: {
      documentType: original.documentType,
      number: original.number,
      issueDate: original.issueDate,
    },
  };
}
