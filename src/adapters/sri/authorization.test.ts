import { describe, expect, it } from 'vitest';
import { authorizationXml, pickAuthorization } from './authorization.js';
import type { AuthorizationEntry } from './types.js';
import { childText, parseXml, rootElement } from './xml-text.js';

const entry = (status: string, extra: Partial<AuthorizationEntry> = {}): AuthorizationEntry => ({
  status,
  authorizationNumber: null,
  authorizationDate: null,
  environment: 'PRUEBAS',
  document: null,
  messages: [],
  ...extra,
});

describe('pickAuthorization', () => {
  it('prefers an AUTORIZADO entry wherever it is (ENVELOPES §4f)', () => {
    const picked = pickAuthorization({
      accessKey: 'k',
      count: 3,
      authorizations: [
        entry('NO AUTORIZADO'),
        entry('AUTORIZADO', { authorizationNumber: 'k' }),
        entry('NO AUTORIZADO'),
      ],
    });
    expect(picked?.status).toBe('AUTORIZADO');
  });

  it('prefers an entry still in process over an old refusal', () => {
    const picked = pickAuthorization({
      accessKey: 'k',
      count: 2,
      authorizations: [entry('NO AUTORIZADO'), entry('EN PROCESO')],
    });
    expect(picked?.status).toBe('EN PROCESO');
  });

  it('gives the refusal when that is all there is, and null for no record', () => {
    expect(
      pickAuthorization({ accessKey: 'k', count: 1, authorizations: [entry('NO AUTORIZADO')] })?.status,
    ).toBe('NO AUTORIZADO');
    expect(pickAuthorization({ accessKey: 'k', count: 0, authorizations: [] })).toBeNull();
  });
});

describe('authorizationXml', () => {
  const document = '<?xml version="1.0" encoding="UTF-8"?><factura id="comprobante"><x>a ]]> b</x></factura>';

  it('writes the portal wrapper with the document as CDATA', () => {
    const xml = authorizationXml(
      entry('AUTORIZADO', {
        authorizationNumber: '0810202301019047913700120021000000699911921739517',
        authorizationDate: '2023-10-08T12:55:46-05:00',
        environment: 'PRODUCCIÓN',
        document,
      }),
      '0810202301019047913700120021000000699911921739517',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<autorizacion>')).toBe(true);
    expect(xml).toContain('<comprobante><![CDATA[<?xml version="1.0"');
    expect(xml).toContain('<mensajes/>');
    const [name, root] = rootElement(parseXml(xml))!;
    expect(name).toBe('autorizacion');
    expect(childText(root, 'estado')).toBe('AUTORIZADO');
    expect(childText(root, 'numeroAutorizacion')).toBe('0810202301019047913700120021000000699911921739517');
    expect(childText(root, 'fechaAutorizacion')).toBe('2023-10-08T12:55:46-05:00');
    expect(childText(root, 'ambiente')).toBe('PRODUCCIÓN');
    expect(childText(root, 'comprobante')).toBe(document);
  });

  it('falls back to the access key and lists messages', () => {
    const xml = authorizationXml(
      entry('NO AUTORIZADO', {
        messages: [
          { identifier: '52', message: 'ERROR EN DIFERENCIAS', additionalInfo: 'a < b', type: 'ERROR' },
        ],
      }),
      'KEY',
    );
    expect(xml).toContain('<numeroAutorizacion>KEY</numeroAutorizacion>');
    expect(xml).toContain(
      '<mensajes><mensaje><identificador>52</identificador><mensaje>ERROR EN DIFERENCIAS</mensaje><informacionAdicional>a &lt; b</informacionAdicional><tipo>ERROR</tipo></mensaje></mensajes>',
    );
  });
});
