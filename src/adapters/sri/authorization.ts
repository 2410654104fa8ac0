import type { AuthorizationEntry, AuthorizationResult, SriMessage } from './types.js';
import { cdata, escapeText } from './xml-text.js';

/** States after which polling stops; anything else (EN PROCESO, EN PROCESAMIENTO…) means poll again. */
const FINAL_AUTHORIZATION_STATES: readonly string[] = ['AUTORIZADO', 'NO AUTORIZADO', 'RECHAZADA'];

export function isFinalAuthorizationStatus(status: string): boolean {
  return FINAL_AUTHORIZATION_STATES.includes(status);
}

/**
 * The entry that tells the document's fate. The service sometimes returns several entries for one
 * key, some NO AUTORIZADO and one AUTORIZADO (ENVELOPES §4f, OCA: "tomar la que fue autorizada"):
 * an AUTORIZADO one wins; else one still in process (a resend after a refusal is being handled);
 * else the first. Null when there is none (numeroComprobantes 0: no record yet).
 */
export function pickAuthorization(result: AuthorizationResult): AuthorizationEntry | null {
  const list = result.authorizations;
  return (
    list.find((a) => a.status === 'AUTORIZADO') ??
    list.find((a) => !isFinalAuthorizationStatus(a.status)) ??
    list[0] ??
    null
  );
}

/**
 * The downloadable authorized file: the `autorizacion` wrapper the tax authority's portal serves
 * (samples/autorizacion_factura_*.xml), with the signed document as CDATA. UTF-8 text.
 */
export function authorizationXml(entry: AuthorizationEntry, accessKey: string): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<autorizacion>'];
  lines.push(`  <estado>${escapeText(entry.status)}</estado>`);
  lines.push(
    `  <numeroAutorizacion>${escapeText(entry.authorizationNumber ?? accessKey)}</numeroAutorizacion>`,
  );
  if (entry.authorizationDate !== null) {
    lines.push(`  <fechaAutorizacion>${escapeText(entry.authorizationDate)}</fechaAutorizacion>`);
  }
  if (entry.environment !== null) lines.push(`  <ambiente>${escapeText(entry.environment)}</ambiente>`);
  lines.push(`  <comprobante>${cdata(entry.document ?? '')}</comprobante>`);
  lines.push(
    entry.messages.length === 0 ? '  <mensajes/>' : `  <mensajes>${messagesXml(entry.messages)}</mensajes>`,
  );
  lines.push('</autorizacion>');
  return `${lines.join('\n')}\n`;
}

export function messagesXml(messages: SriMessage[]): string {
  return messages
    .map(
      (m) =>
        '<mensaje>' +
        `<identificador>${escapeText(m.identifier)}</identificador>` +
        `<mensaje>${escapeText(m.message)}</mensaje>` +
        (m.additionalInfo === null
          ? ''
          : `<informacionAdicional>${escapeText(m.additionalInfo)}</informacionAdicional>`) +
        (m.type === '' ? '' : `<tipo>${escapeText(m.type)}</tipo>`) +
        '</mensaje>',
    )
    .join('');
}
