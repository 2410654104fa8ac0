import { describe, expect, it } from 'vitest';
import {
  type AuthorizationEntry,
  type SriMessage,
  SriProtocolError,
  SriTransportError,
} from '../../adapters/sri/index.js';
import {
  authorizationStatus,
  decideAuthorization,
  decideReception,
  signatureValue,
  transportStatus,
} from './sri-outcomes.js';

const msg = (identifier: string, type = 'ERROR'): SriMessage => ({
  identifier,
  message: `mensaje ${identifier}`,
  additionalInfo: null,
  type,
});

const signed = (value: string) =>
  `<factura><ds:Signature><ds:SignatureValue Id="x">${value}</ds:SignatureValue></ds:Signature></factura>`;
const entry = (
  status: string,
  document: string | null = null,
  messages: SriMessage[] = [],
): AuthorizationEntry => ({
  status,
  authorizationNumber: status === 'AUTORIZADO' ? 'N' : null,
  authorizationDate: null,
  environment: 'PRUEBAS',
  document,
  messages,
});
const answer = (...authorizations: AuthorizationEntry[]) => ({
  accessKey: 'K',
  count: authorizations.length,
  authorizations,
});

describe('decideReception', () => {
  it('RECIBIDA is received; the check waits for the delay', () => {
    expect(decideReception({ status: 'RECIBIDA', messages: [] })).toEqual({
      kind: 'received',
      via: 'RECIBIDA',
      checkNow: false,
    });
  });

  it('DEVUELTA with only 43 is received, checked at once; only 70 is received after the delay', () => {
    expect(decideReception({ status: 'DEVUELTA', messages: [msg('43')] })).toMatchObject({
      kind: 'received',
      via: '43',
      checkNow: true,
    });
    expect(decideReception({ status: 'DEVUELTA', messages: [msg('70')] })).toMatchObject({
      kind: 'received',
      via: '70',
      checkNow: false,
    });
  });

  it('warnings beside 43 do not make it a refusal', () => {
    expect(
      decideReception({ status: 'DEVUELTA', messages: [msg('43'), msg('60', 'ADVERTENCIA')] }).kind,
    ).toBe('received');
  });

  it('any other DEVUELTA, or 43 with another error, or no message at all, is returned', () => {
    expect(decideReception({ status: 'DEVUELTA', messages: [msg('45')] })).toEqual({
      kind: 'returned',
      messages: [msg('45')],
    });
    expect(decideReception({ status: 'DEVUELTA', messages: [msg('43'), msg('35')] }).kind).toBe('returned');
    expect(decideReception({ status: 'DEVUELTA', messages: [] }).kind).toBe('returned');
  });
});

describe('decideAuthorization', () => {
  const ours = signed('OURS==');
  const older = signed('OLD==');

  it('numeroComprobantes 0 is not found', () => {
    expect(decideAuthorization(answer(), ours)).toEqual({ kind: 'not-found' });
    expect(authorizationStatus({ kind: 'not-found' })).toBe('NOT_FOUND');
  });

  it('prefers an AUTORIZADO entry among several', () => {
    const d = decideAuthorization(answer(entry('NO AUTORIZADO', older), entry('AUTORIZADO', ours)), ours);
    expect(d).toMatchObject({ kind: 'authorized', entry: { status: 'AUTORIZADO' } });
    expect(authorizationStatus(d)).toBe('AUTORIZADO');
  });

  it('EN PROCESO is pending; NO AUTORIZADO and RECHAZADA are refusals with their messages', () => {
    expect(decideAuthorization(answer(entry('EN PROCESO', ours)), ours).kind).toBe('pending');
    const refused = decideAuthorization(answer(entry('NO AUTORIZADO', ours, [msg('52')])), ours);
    expect(refused).toMatchObject({ kind: 'not-authorized', entry: { messages: [msg('52')] } });
    expect(authorizationStatus(refused)).toBe('NO_AUTORIZADO');
    expect(decideAuthorization(answer(entry('RECHAZADA', null, [msg('80')])), ours).kind).toBe(
      'not-authorized',
    );
  });

  it("an older build's refusal is not this build's fate: not found, so the rebuilt XML is sent", () => {
    expect(decideAuthorization(answer(entry('NO AUTORIZADO', older)), ours)).toEqual({ kind: 'not-found' });
    expect(
      decideAuthorization(answer(entry('NO AUTORIZADO', older), entry('EN PROCESO', ours)), ours).kind,
    ).toBe('pending');
  });

  it('entries without the document are taken as ours (the service may leave it out)', () => {
    expect(decideAuthorization(answer(entry('NO AUTORIZADO', null)), ours).kind).toBe('not-authorized');
  });

  it('a count without entries means the key is known: pending, never sent again', () => {
    expect(decideAuthorization({ accessKey: 'K', count: 1, authorizations: [] }, ours)).toEqual({
      kind: 'pending',
      entry: null,
    });
  });
});

describe('signatureValue and transportStatus', () => {
  it('reads the SignatureValue whatever its prefix and line breaks', () => {
    expect(signatureValue('<SignatureValue>AB\nCD==</SignatureValue>')).toBe('ABCD==');
    expect(signatureValue(signed('XY=='))).toBe('XY==');
    expect(signatureValue('<factura/>')).toBeNull();
  });

  it('maps transport and protocol errors; anything else is not a tax authority failure', () => {
    expect(transportStatus(new SriTransportError('HTTP_503', 'x'))).toBe('HTTP_503');
    expect(transportStatus(new SriTransportError('HTTP_TIMEOUT', 'x'))).toBe('HTTP_TIMEOUT');
    expect(transportStatus(new SriProtocolError('x', ''))).toBe('HTTP_BAD_RESPONSE');
    expect(transportStatus(new Error('database down'))).toBeNull();
  });
});
