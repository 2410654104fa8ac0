import { type FormEvent, useId, useState } from 'react';
import { ApiError, api } from '../../api';
import { FilePick } from '../../components/file-pick';
import { TableHead, TableRegion } from '../../components/table-region';
import { Alert, Badge, Button, Card, FormError, PageHeader, UploadProgress } from '../../components/ui';
import { useAction, useUploadProgress } from '../../hooks';
import { type T, useT } from '../../i18n';
import { Link, navigate } from '../../router';
import { typeLabel } from '../document-status';
import { outcomeTone, purchaseLabel, refusalInWords } from './purchase-labels';
import type { KeysAnswer, XmlAnswer } from './purchase-types';

const MAX_KEYS = 500;

/** The keys typed or pasted: every run of 49 digits, once each, in the order given. */
function keysIn(text: string): string[] {
  return [...new Set(text.split(/[^0-9]+/).filter((k) => k.length > 0))];
}

/** A refusal's code in the UI's language (its detail stays available as a tooltip). */
function refusalText(t: T, error: { code: string; detail: string } | null): string {
  if (!error) return '';
  const text = purchaseLabel(t, 'refusal', error.code);
  return text === error.code ? error.detail : text;
}

/** Two entries on one page: access keys (many at once, a result per key) and a supplier's XML. */
export function AddPurchasesPage() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('Agregar compras', 'Add purchases')}>
        <Link href="/app/purchases">← {t('Compras', 'Purchases')}</Link>
      </PageHeader>
      <ByKeys />
      <ByXml />
    </>
  );
}

function ByKeys() {
  const t = useT();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<KeysAnswer | null>(null);
  const keys = keysIn(text);
  const add = useAction(async () => {
    setAnswer(null);
    if (keys.length === 0 || keys.length > MAX_KEYS)
      throw new ApiError(
        400,
        'KEYS_COUNT',
        t(`Escribe de 1 a ${MAX_KEYS} claves de acceso.`, `Enter 1 to ${MAX_KEYS} access keys.`),
        [],
        true,
      );
    setAnswer(await api<KeysAnswer>('POST', '/v1/purchases', { body: { accessKeys: keys } }));
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void add.run();
  };
  return (
    <Card title={t('Por clave de acceso', 'By access key')}>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={fieldId}>
            {t('Claves de acceso (una por línea, hasta 500)', 'Access keys (one per line, up to 500)')}
          </label>
          <textarea
            id={fieldId}
            name="accessKeys"
            rows={5}
            inputMode="numeric"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <small className="hint">
            {t(
              `${keys.length} claves. Cada una se consulta en el SRI antes de registrarse.`,
              `${keys.length} keys. Each one is checked with the SRI before it is saved.`,
            )}
          </small>
        </div>
        <FormError error={add.error} />
        <Button type="submit" busy={add.busy}>
          {t('Consultar y agregar', 'Check and add')}
        </Button>
      </form>
      {answer && (
        <>
          <output className="import-summary">
            {t(
              `Agregadas: ${answer.created} · Ya registradas: ${answer.existing} · Rechazadas: ${answer.refused}`,
              `Added: ${answer.created} · Already there: ${answer.existing} · Refused: ${answer.refused}`,
            )}
          </output>
          <TableRegion label={t('Resultado por clave', 'Result per key')}>
            <table className="table compact" aria-label={t('Resultado por clave', 'Result per key')}>
              <TableHead
                columns={[
                  t('Clave de acceso', 'Access key'),
                  t('Resultado', 'Result'),
                  t('Comprobante', 'Document'),
                ]}
              />
              <tbody>
                {answer.data.map((r) => (
                  <tr key={r.accessKey} data-status={r.status}>
                    <td className="mono small">{r.accessKey}</td>
                    <td>
                      <Badge value={purchaseLabel(t, 'keyStatus', r.status)} tone={outcomeTone(r.status)} />
                      {r.error && (
                        <div className="small" title={r.error.detail}>
                          {refusalText(t, r.error)}
                        </div>
                      )}
                    </td>
                    <td>
                      {r.purchase && (
                        <Link href={`/app/purchases/${r.purchase.id}`}>
                          {typeLabel(t, r.purchase.documentType)} {r.purchase.number}
                        </Link>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </>
      )}
    </Card>
  );
}

function ByXml() {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const { progress, track } = useUploadProgress();
  const send = useAction(async () => {
    const form = new FormData();
    form.append('file', file!);
    try {
      const answer = await track((onProgress) =>
        api<XmlAnswer>('POST', '/v1/purchases/xml', { form, onProgress }),
      );
      navigate(`/app/purchases/${answer.purchase.id}`);
    } catch (e) {
      throw refusalInWords(t, e);
    }
  });
  return (
    <Card title={t('Por archivo XML del proveedor', "By the supplier's XML file")}>
      <p className="muted">
        {t(
          'La firma del archivo se verifica y su clave se confirma con el SRI: un archivo solo no prueba nada.',
          "The file's signature is verified and its key confirmed with the SRI: a file alone proves nothing.",
        )}
      </p>
      <FilePick
        label={t('Archivo XML', 'XML file')}
        accept=".xml,application/xml,text/xml"
        file={file}
        onFile={setFile}
      />
      <UploadProgress progress={progress} label={t('Subiendo', 'Uploading')} />
      <FormError error={send.error} />
      {send.error?.code === 'PURCHASE_SIGNATURE_INVALID' && (
        <Alert kind="info">
          {t(
            'Puedes agregarlo igual con su clave de acceso: la respuesta del SRI es la prueba.',
            "You can still add it by its access key: the SRI's answer is the proof.",
          )}
        </Alert>
      )}
      <Button disabled={!file} busy={send.busy} onClick={() => void send.run()}>
        {t('Subir y verificar', 'Upload and verify')}
      </Button>
    </Card>
  );
}
