import type { NameValue } from '../../document-input.js';
import {
  element,
  escapeAttr,
  escapeText,
  optionalElement,
  textElement,
  XML_DECLARATION,
} from '../../xml/canonical-xml.js';
import type { DocumentHeader } from '../definition.js';

/** tipoEmision 1 = normal; contingency emission is no longer accepted. */
const EMISSION_TYPE = '1';

/** infoTributaria, the same sequence in every type (REFERENCE-TYPES.md §1), codDoc from the header. */
export function infoTributaria(header: DocumentHeader): string {
  const issuer = header.issuer;
  return element(
    'infoTributaria',
    textElement('ambiente', header.environment === 'production' ? '2' : '1') +
      textElement('tipoEmision', EMISSION_TYPE) +
      textElement('razonSocial', issuer.businessName) +
      optionalElement('nombreComercial', issuer.tradeName) +
      textElement('ruc', issuer.ruc) +
      textElement('claveAcceso', header.accessKey) +
      textElement('codDoc', header.documentType) +
      textElement('estab', issuer.branchCode) +
      textElement('ptoEmi', issuer.issuePointCode) +
      textElement('secuencial', header.sequential) +
      textElement('dirMatriz', issuer.mainAddress) +
      optionalElement('agenteRetencion', issuer.retentionAgentResolution) +
      optionalElement('contribuyenteRimpe', issuer.rimpeRegime),
  );
}

export function infoAdicional(fields: readonly NameValue[]): string {
  if (fields.length === 0) return '';
  return element(
    'infoAdicional',
    fields
      .map((f) => `<campoAdicional nombre="${escapeAttr(f.name)}">${escapeText(f.value)}</campoAdicional>`)
      .join(''),
  );
}

export function detallesAdicionales(details: readonly NameValue[]): string {
  if (details.length === 0) return '';
  return element(
    'detallesAdicionales',
    details
      .map(
        (d) => `<detAdicional nombre="${escapeAttr(d.name)}" valor="${escapeAttr(d.value)}"></detAdicional>`,
      )
      .join(''),
  );
}

/** The whole document: declaration, root with id="comprobante" (C14N order: id before version). */
export function rootDocument(root: string, version: string, body: string): string {
  return `${XML_DECLARATION}<${root} id="comprobante" version="${version}">${body}</${root}>`;
}

export const siNo = (value: boolean): string => (value ? 'SI' : 'NO');
