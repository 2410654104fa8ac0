import { useId, useState } from 'react';
import { api } from '../api';
import { useAction } from '../hooks';
import { useT } from '../i18n';
import { Button, FormError } from './ui';

/**
 * A file input people can reach: the native input stays for screen readers (`aria-label`), a
 * 44 px "Elegir archivo" button is its visible face, and the chosen file's name shows beside it.
 */
export function FilePick({
  label,
  accept,
  file,
  onFile,
}: {
  label: string;
  accept: string;
  file: File | null;
  onFile(file: File | null): void;
}) {
  const t = useT();
  const fileId = useId();
  return (
    <div className="field file-pick">
      <span className="label">{label}</span>
      <label htmlFor={fileId} className="btn secondary">
        {t('Elegir archivo', 'Choose file')}
      </label>
      <input
        id={fileId}
        className="sr-only"
        type="file"
        accept={accept}
        aria-label={label}
        onChange={(e) => onFile(e.target.files?.[0] ?? null)}
      />
      <span className="muted">{file ? file.name : t('Ningún archivo elegido', 'No file chosen')}</span>
    </div>
  );
}

/**
 * An upload checked before it counts: the file is posted to `endpoint` with `?dryRun=true` (the
 * server's preview, nothing saved), then again without it to do the work. Picking another file
 * drops the preview; `inWords` words the check's refusal for people.
 */
export function useFileCheck<P>(endpoint: string, inWords: (e: unknown) => unknown = (e) => e) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<P | null>(null);
  const post = <R,>(dryRun: boolean) => {
    const form = new FormData();
    form.append('file', file!);
    return api<R>('POST', `${endpoint}${dryRun ? '?dryRun=true' : ''}`, { form });
  };
  const check = useAction(async () => {
    setPreview(null);
    try {
      setPreview(await post<P>(true));
    } catch (e) {
      throw inWords(e);
    }
  });
  const pick = (f: File | null) => {
    setFile(f);
    setPreview(null);
  };
  return { file, pick, preview, setPreview, check, post };
}

/** The file picker of `useFileCheck`, its "Revisar archivo" button and the check's problem. */
export function FileCheckPick({
  label,
  accept,
  upload,
}: {
  label: string;
  accept: string;
  upload: Pick<ReturnType<typeof useFileCheck>, 'file' | 'pick' | 'check'>;
}) {
  const t = useT();
  const { file, pick, check } = upload;
  return (
    <>
      <FilePick label={label} accept={accept} file={file} onFile={pick} />
      <div className="row">
        <Button variant="secondary" disabled={!file} busy={check.busy} onClick={() => void check.run()}>
          {t('Revisar archivo', 'Check file')}
        </Button>
      </div>
      <FormError error={check.error} />
    </>
  );
}
