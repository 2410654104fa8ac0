import { useEffect, useState } from 'react';
import { api } from '../api';
import type { Answer } from '../api-models';
import { Alert, Button, CheckField, FormError } from '../components/ui';
import { useAction, useLoad } from '../hooks';
import { useT } from '../i18n';
import { useSession } from '../session';
import { typeLabel } from './document-status';

/** The six types the service issues, in the order the SRI numbers them. */
const ISSUABLE = ['01', '03', '04', '05', '06', '07'];

/**
 * Which document types an issue point may issue (`PUT /v1/issuers/{id}/document-types`): the app
 * offers only these forms, so this is where the owner turns one on or off.
 */
export function IssuerDocumentTypes({ issuerId, onSaved }: { issuerId: string; onSaved(): void }) {
  const t = useT();
  const s = useSession();
  const types = useLoad(
    () =>
      api<Answer<'/v1/issuers/{id}/document-types', 'get'>>('GET', `/v1/issuers/${issuerId}/document-types`),
    [issuerId],
  );
  const [chosen, setChosen] = useState<string[]>([]);
  /** What the server holds now: Save is offered only for a change. */
  const [stored, setStored] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (types.data) {
      setChosen(types.data.documentTypes);
      setStored(types.data.documentTypes);
    }
  }, [types.data]);
  const save = useAction(async () => {
    setSaved(false);
    const res = await api<Answer<'/v1/issuers/{id}/document-types', 'put'>>(
      'PUT',
      `/v1/issuers/${issuerId}/document-types`,
      { body: { documentTypes: ISSUABLE.filter((c) => chosen.includes(c)) } },
    );
    setChosen(res.documentTypes);
    setStored(res.documentTypes);
    setSaved(true);
    if (issuerId === s.issuerId) await s.reloadDocumentTypes();
    onSaved();
  });
  if (!types.data) return <FormError error={types.error} />;
  const unchanged = [...chosen].sort().join() === [...stored].sort().join();
  return (
    <fieldset className="plain doc-types">
      <legend>{t('Tipos de comprobante que emite', 'Document types it issues')}</legend>
      {ISSUABLE.map((code) => (
        <CheckField
          key={code}
          name={`type-${code}`}
          label={typeLabel(t, code)}
          checked={chosen.includes(code)}
          onChange={(e) => {
            setSaved(false);
            setChosen(e.target.checked ? [...chosen, code] : chosen.filter((c) => c !== code));
          }}
        />
      ))}
      {chosen.length === 0 && (
        <p className="hint">{t('Elige al menos un tipo.', 'Choose at least one type.')}</p>
      )}
      <div className="toolbar">
        <Button
          variant="secondary"
          busy={save.busy}
          disabled={chosen.length === 0 || unchanged}
          onClick={() => void save.run()}
        >
          {t('Guardar tipos', 'Save types')}
        </Button>
      </div>
      {saved && <Alert kind="success">{t('Tipos guardados.', 'Types saved.')}</Alert>}
      <FormError error={save.error} />
    </fieldset>
  );
}
