import { describe, expect, it } from 'vitest';
import { NO_DIRECTIVES, parseDirectives } from './directives.js';

describe('simulator directives (campoAdicional simulador)', () => {
  it('reads nothing from an absent or unknown value', () => {
    expect(parseDirectives(null)).toEqual(NO_DIRECTIVES);
    expect(parseDirectives('AUTORIZAR_YA, HTTP-500:2')).toEqual(NO_DIRECTIVES);
  });

  it('reads counts, defaulting to 1, case-insensitively', () => {
    expect(parseDirectives('en_proceso:3')).toMatchObject({ enProceso: 3 });
    expect(parseDirectives('TIMEOUT')).toMatchObject({ timeout: 1 });
    expect(parseDirectives(' HTTP_500 : 2 ')).toMatchObject({ http500: 2 });
    expect(parseDirectives('PERDER_RESPUESTA:1')).toMatchObject({ perderRespuesta: 1 });
  });

  it('combines several directives', () => {
    expect(parseDirectives('HTTP_500:1, EN_PROCESO:2; NO_AUTORIZADO')).toEqual({
      ...NO_DIRECTIVES,
      http500: 1,
      enProceso: 2,
      noAutorizado: '52',
    });
  });

  it('takes a refusal identifier from the allowed list, else the default', () => {
    expect(parseDirectives('DEVUELTA').devuelta).toBe('56');
    expect(parseDirectives('DEVUELTA:37').devuelta).toBe('37');
    expect(parseDirectives('DEVUELTA:43').devuelta).toBe('56');
    expect(parseDirectives('NO_AUTORIZADO:39').noAutorizado).toBe('39');
  });
});
