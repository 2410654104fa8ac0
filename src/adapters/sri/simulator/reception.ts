import { ecuadorIsoDate, ecuadorParts, parseDdMmYyyy } from '../../../shared/clock.js';
import type { SriMessage } from '../types.js';
import { verifyParsedSignature } from '../xades-verify.js';
import { decodeXmlBytes } from '../xml-text.js';
import { accessKeyMismatch } from './access-key.js';
import { forcedInfo, parseDirectives } from './directives.js';
import { readSubmittedDocument, type SubmittedDocument } from './document.js';
import { DATE_TOLERANCE_MINUTES, INFO, SAME_DAY_RULE_FROM, sriMessage } from './messages.js';
import type { ReceptionAnswer } from './responses.js';
import { checkSchema, parseDocument } from './schema-validator.js';
import { attemptState, type DocumentRecord, type SimulatorState } from './state.js';
import { arithmeticMismatch } from './totals.js';

/**
 * validarComprobante, in the tax authority's order: structure (35), signature (39), access key
 * (58), issue date (65), duplicates (43, 70, 45). The authorization outcome (52 or a forced
 * refusal) is decided here too and revealed by the authorization service after the delay.
 */

export interface ReceptionContext {
  state: SimulatorState;
  now: number;
  authorizationDelayMs: number;
}

export type ReceptionOutcome =
  | { kind: 'answer'; answer: ReceptionAnswer; accessKey: string | null; loseAnswer: boolean }
  /** Directive TIMEOUT: hang, record nothing. */
  | { kind: 'timeout' }
  /** Directive HTTP_500: SOAP Fault, record nothing. */
  | { kind: 'http500' };

/** The access key as written in the bytes, readable even when the XML is broken. */
export function accessKeyHint(bytes: Buffer): string | null {
  const m = /<claveAcceso>\s*(\d{49})\s*<\/claveAcceso>/.exec(bytes.toString('latin1'));
  return m ? m[1]! : null;
}

export function receiveDocument(bytes: Buffer, ctx: ReceptionContext): ReceptionOutcome {
  const structure = (detail: string): ReceptionOutcome => ({
    kind: 'answer',
    answer: { status: null, messages: [sriMessage('35', `${INFO.xmlConversion} (${detail})`)] },
    accessKey: null,
    loseAnswer: false,
  });
  if (bytes.length === 0) return structure('el parámetro xml está vacío');
  // No DTDs: nothing legitimate needs one, and they open the door to entity expansion.
  if (/<!DOCTYPE/i.test(bytes.toString('latin1'))) return structure('DTD no permitido');
  const parsed = parseDocument(bytes);
  if ('error' in parsed) return structure(parsed.error);
  const { doc } = parsed;
  let fields: SubmittedDocument;
  let signature: ReturnType<typeof verifyParsedSignature>;
  try {
    const schema = checkSchema(doc);
    if (!schema.ok) return structure(schema.reason);
    fields = readSubmittedDocument(doc);
    signature = verifyParsedSignature(doc);
  } finally {
    doc.dispose();
  }

  const record = ctx.state.record(fields.accessKey);
  record.directives = parseDirectives(fields.simulatorDirective);
  const { directives, spent } = record;
  if (spent.timeout < directives.timeout) {
    spent.timeout++;
    return { kind: 'timeout' };
  }
  if (spent.http500Reception < directives.http500) {
    spent.http500Reception++;
    return { kind: 'http500' };
  }

  const refuse = (message: SriMessage): ReceptionOutcome => {
    const answer: ReceptionAnswer = { status: 'DEVUELTA', accessKey: fields.accessKey, messages: [message] };
    record.lastReception = { status: 'DEVUELTA', messages: [message] };
    return { kind: 'answer', answer, accessKey: fields.accessKey, loseAnswer: false };
  };
  if (!signature.valid) return refuse(sriMessage('39', signature.info));
  const keyProblem = accessKeyMismatch(fields.accessKey, fields);
  if (keyProblem !== null) return refuse(sriMessage('58', keyProblem));
  if (!isWithinDateTolerance(fields.fechaEmision, ctx.now))
    return refuse(sriMessage('65', dateInfo(ctx.now)));
  const latest = record.attempts.at(-1);
  const latestState = latest ? attemptState(latest, ctx.now) : null;
  if (latestState === 'EN PROCESO') {
    return refuse(sriMessage('70', 'La clave de acceso ya fue recibida y se encuentra en procesamiento'));
  }
  // A NO AUTORIZADO document may be corrected and sent again with the same key.
  if (latestState === 'AUTORIZADO') return refuse(sriMessage('43', null));
  const sequenceKey = [
    fields.ambiente,
    fields.ruc,
    fields.codDoc,
    fields.estab,
    fields.ptoEmi,
    fields.secuencial,
  ].join('|');
  const holder = ctx.state.sequences.get(sequenceKey);
  if (
    holder !== undefined &&
    holder !== fields.accessKey &&
    holdsSequence(ctx.state.records.get(holder), ctx.now)
  ) {
    return refuse(
      sriMessage(
        '45',
        `El secuencial ${fields.estab}-${fields.ptoEmi}-${fields.secuencial} ya fue registrado con la clave ${holder}`,
      ),
    );
  }
  if (directives.devuelta !== null) return refuse(sriMessage(directives.devuelta, forcedInfo('DEVUELTA')));

  accept(record, fields, decodeXmlBytes(bytes), sequenceKey, ctx);
  const loseAnswer = spent.perderRespuesta < directives.perderRespuesta;
  if (loseAnswer) spent.perderRespuesta++;
  return { kind: 'answer', answer: { status: 'RECIBIDA' }, accessKey: fields.accessKey, loseAnswer };
}

function accept(
  record: DocumentRecord,
  fields: SubmittedDocument,
  signedXml: string,
  sequenceKey: string,
  ctx: ReceptionContext,
): void {
  let refusal: SriMessage[] = [];
  if (record.directives.noAutorizado !== null) {
    refusal = [sriMessage(record.directives.noAutorizado, forcedInfo('NO_AUTORIZADO'))];
  } else {
    const mismatch = arithmeticMismatch(fields.amounts);
    if (mismatch !== null) refusal = [sriMessage('52', mismatch)];
  }
  record.attempts.push({
    receivedAt: ctx.now,
    decideAt: ctx.now + ctx.authorizationDelayMs,
    outcome: refusal.length === 0 ? 'AUTORIZADO' : 'NO AUTORIZADO',
    refusal,
    signedXml,
    ambiente: fields.ambiente,
    // EN_PROCESO:n counts queries about the key, not about each resubmission.
    enProcesoOwed: record.attempts.length === 0 ? record.directives.enProceso : 0,
    heldAt: null,
    decidedAt: null,
  });
  record.sequenceKey = sequenceKey;
  record.lastReception = { status: 'RECIBIDA', messages: [] };
  ctx.state.sequences.set(sequenceKey, fields.accessKey);
}

/** A sequential stays taken unless the document that took it was not authorized. */
function holdsSequence(record: DocumentRecord | undefined, now: number): boolean {
  const latest = record?.attempts.at(-1);
  return latest !== undefined && attemptState(latest, now) !== 'NO AUTORIZADO';
}

/**
 * Error 65. From 01/01/2026 (Ecuador time) a document reaches the tax authority on its issue date
 * (Res. NAC-DGERCGC25-00000017, Disposición reformatoria primera: "transmitted at the moment of
 * issue"; REFERENCE-PURCHASES.md §5): its fechaEmision must be today. Before, not after today and
 * at most 129600 minutes after the day began.
 */
function isWithinDateTolerance(fechaEmision: string, now: number): boolean {
  const d = parseDdMmYyyy(fechaEmision);
  if (d === null) return false;
  if (ecuadorIsoDate(new Date(now)) >= SAME_DAY_RULE_FROM) {
    const today = ecuadorParts(new Date(now));
    return today.year === d.year && today.month === d.month && today.day === d.day;
  }
  // 00:00 in America/Guayaquil (UTC-5, no daylight saving).
  const dayStart = Date.UTC(d.year, d.month - 1, d.day, 5);
  const minutes = (now - dayStart) / 60_000;
  return minutes >= 0 && minutes <= DATE_TOLERANCE_MINUTES;
}

/** The 65 answer's informacionAdicional: the real text of ENVELOPES §3e, and the 2026 rule after it. */
function dateInfo(now: number): string {
  return ecuadorIsoDate(new Date(now)) >= SAME_DAY_RULE_FROM ? INFO.notIssueDay : INFO.dateOutOfRange;
}
