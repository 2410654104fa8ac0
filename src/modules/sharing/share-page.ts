import { formatMoney } from '../../shared/money-format.js';
/** The buyer's page behind a shared link: plain HTML, Spanish (the buyer is in Ecuador), no script. */
export interface SharedFacts {
  issuerName: string;
  issuerRuc: string;
  documentTypeName: string;
  number: string;
  issueDate: string;
  buyerName: string;
  total: string;
  status: string;
  accessKey: string;
}

const STATUS_ES: Record<string, string> = {
  SIGNED: 'Firmado, en trámite ante el SRI',
  RECEIVED: 'Recibido por el SRI, en trámite',
  RETURNED: 'Devuelto por el SRI',
  AUTHORIZED: 'Autorizado por el SRI',
  NOT_AUTHORIZED: 'No autorizado por el SRI',
  VOIDED: 'Anulado',
};

function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderSharePage(f: SharedFacts, token: string): string {
  const rows: [string, string][] = [
    ['Emisor', `${f.issuerName} (RUC ${f.issuerRuc})`],
    ['Comprador', f.buyerName],
    ['Número', f.number],
    ['Fecha de emisión', f.issueDate],
    ['Total', `${formatMoney(f.total)}`],
    ['Estado', STATUS_ES[f.status] ?? f.status],
    ['Clave de acceso', f.accessKey],
  ];
  const table = rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('');
  const base = `/v1/shared/${encodeURIComponent(token)}`;
  return `<!doctype html><html lang="es"><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(f.documentTypeName)} ${esc(f.number)}</title><body style="font-family:sans-serif;max-width:640px;margin:2em auto;padding:0 1em"><h1>${esc(f.documentTypeName)} ${esc(f.number)}</h1><table style="border-collapse:collapse">${table}</table><p><a href="${base}/ride">Descargar RIDE (PDF)</a> · <a href="${base}/xml">Descargar XML</a></p></body></html>`;
}
