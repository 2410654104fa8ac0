import type { FormEvent, FormHTMLAttributes, ReactNode } from 'react';
import type { ApiError } from '../api';
import { Button, FormError, UploadProgress } from './ui';

/** What `useAction` returns, seen from a form: run it with the form's data, show busy and the error. */
export interface FormAction {
  run(form: FormData): unknown;
  busy: boolean;
  error: ApiError | null;
}

/**
 * A form that submits one action: the browser's own validation off (the API's rules answer, on
 * their fields), the fields, then the action's problem document (errors of `fields` stay on their
 * inputs, the rest shows here), the upload's progress when there is one, and the submit button,
 * busy while the action runs. `after` goes beside the button (a Cancel, a link).
 */
export function ActionForm({
  action,
  fields = [],
  submitLabel,
  submitVariant = 'primary',
  progress,
  progressLabel = '',
  after,
  children,
  ...form
}: {
  action: FormAction;
  fields?: string[];
  submitLabel: ReactNode;
  submitVariant?: 'primary' | 'danger';
  /** An upload's progress (`useUploadProgress`): the bar shows while it is not null. */
  progress?: number | null;
  progressLabel?: string;
  after?: ReactNode;
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'action' | 'onSubmit' | 'noValidate' | 'children'>) {
  const submit = (
    <Button type="submit" variant={submitVariant} busy={action.busy}>
      {submitLabel}
    </Button>
  );
  return (
    <form
      {...form}
      onSubmit={(e: FormEvent<HTMLFormElement>) => {
        e.preventDefault();
        void action.run(new FormData(e.currentTarget));
      }}
      noValidate
    >
      {children}
      <FormError error={action.error} fields={fields} />
      {progress !== undefined && <UploadProgress progress={progress} label={progressLabel} />}
      {after ? (
        <div className="row">
          {submit}
          {after}
        </div>
      ) : (
        submit
      )}
    </form>
  );
}
