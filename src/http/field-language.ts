import type { FastifyRequest } from 'fastify';
import type { FieldError } from '../shared/errors.js';
import { LINK_AND_WITHHOLDING_SPANISH } from './field-language-links.js';

export type FieldLanguage = 'es' | 'en';

/**
 * The language of a request's field messages: the first of `es` / `en` in its Accept-Language
 * (by q-value, `es-EC` counts as `es`); `fallback` when it names neither: English for messages, as
 * the API always answered, Spanish for the CSV exports, which always were.
 * The web app sends `en` and words the messages itself (web/src/field-messages.ts).
 */
export function requestLanguage(
  request: Pick<FastifyRequest, 'headers'>,
  fallback: FieldLanguage = 'en',
): FieldLanguage {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return fallback;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), i };
    })
    .filter((r) => r.q > 0 && (r.lang === 'es' || r.lang === 'en'))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return (ranked[0]?.lang as FieldLanguage | undefined) ?? fallback;
}

type Rule = [RegExp, (m: RegExpExecArray) => string];

const TYPE_WORDS: Record<string, string> = {
  string: 'texto',
  number: 'un número',
  integer: 'un número entero',
  boolean: 'true o false',
  object: 'un objeto',
  array: 'una lista',
  null: 'null',
};

/**
 * The Spanish of every field message the schemas (src/http/validation.ts) and the document
 * checks (field-checks.ts and the types' own: sales-compute.ts, item-checks.ts, compute.ts, …) write. Values inside a
 * message (codes, amounts, dates) are kept as they are. A message with no rule stays in English:
 * a new rule's wording is added here beside it (links and withholding bases: field-language-links.ts).
 */
const SPANISH: Rule[] = [
  ...LINK_AND_WITHHOLDING_SPANISH,
  [/^is required and must not be blank$/, () => 'es obligatorio y no puede estar vacío'],
  [/^is required; the computed value is (.+)$/, (m) => `es obligatorio; el valor calculado es ${m[1]}`],
  [
    /^is required: this document has no email address of its own$/,
    () => 'es obligatorio: este documento no tiene un correo propio',
  ],
  [/^is required$/, () => 'es obligatorio'],
  [/^is invalid$/, () => 'no es válido'],
  [/^must be (string|number|integer|boolean|object|array|null)$/, (m) => `debe ser ${TYPE_WORDS[m[1]!]}`],
  [/^must be at least (\d+) characters$/, (m) => `debe tener al menos ${m[1]} caracteres`],
  [
    /^must be at most (\d+) characters(?: \(got (\d+)\))?$/,
    (m) => `debe tener como máximo ${m[1]} caracteres${m[2] ? ` (tiene ${m[2]})` : ''}`,
  ],
  [/^must have at least (\d+) entr(?:y|ies)$/, (m) => `debe tener al menos ${m[1]} elemento(s)`],
  [
    /^must have at most (\d+) entries(?: \(got (\d+)\))?$/,
    (m) => `debe tener como máximo ${m[1]} elementos${m[2] ? ` (tiene ${m[2]})` : ''}`,
  ],
  [/^must be a valid email address$/, () => 'debe ser un correo electrónico válido'],
  [
    /^must be a decimal number written as a string, such as "12.50"$/,
    () => 'debe ser un número decimal escrito como texto, por ejemplo "12.50"',
  ],
  [
    /^must be a non-negative decimal string such as "12.50"$/,
    () => 'debe ser un número decimal no negativo escrito como texto, por ejemplo "12.50"',
  ],
  [/^must be a date in the form DD\/MM\/YYYY$/, () => 'debe ser una fecha con el formato DD/MM/AAAA'],
  [
    /^must be a real date in the form DD\/MM\/YYYY$/,
    () => 'debe ser una fecha real con el formato DD/MM/AAAA',
  ],
  [/^must be a month in the form MM\/YYYY$/, () => 'debe ser un mes con el formato MM/AAAA'],
  [/^must be a date between the years 2000 and 2099$/, () => 'debe ser una fecha entre los años 2000 y 2099'],
  [
    /^must look like 001-001-000000123 \(NNN-NNN-NNNNNNNNN\)$/,
    () => 'debe tener la forma 001-001-000000123 (NNN-NNN-NNNNNNNNN)',
  ],
  [/^must be exactly (\d+) digits$/, (m) => `debe tener exactamente ${m[1]} dígitos`],
  [/^must be (\d+) to (\d+) digits$/, (m) => `debe tener de ${m[1]} a ${m[2]} dígitos`],
  [/^must be ([<>]=?) (\S+)$/, (m) => `debe ser ${m[1]} ${m[2]}`],
  [/^must not contain control characters$/, () => 'no debe contener caracteres de control'],
  [/^must be a single line \(no line breaks\)$/, () => 'debe ser una sola línea (sin saltos de línea)'],
  [/^must have at most (\d+) decimals$/, (m) => `debe tener como máximo ${m[1]} decimales`],
  [
    /^must have at most (\d+) digits before the decimal point \(schema limit\)$/,
    (m) => `debe tener como máximo ${m[1]} dígitos antes del punto decimal (límite del esquema)`,
  ],
  [/^must be greater than 0$/, () => 'debe ser mayor que 0'],
  [/^must be a list of \{name, value\}$/, () => 'debe ser una lista de {name, value}'],
  [
    /^must not exceed quantity × unitPrice \((.+)\)$/,
    (m) => `no debe superar cantidad × precio unitario (${m[1]})`,
  ],
  [
    /^quantity × unitPrice exceeds the schema limit of 12 integer digits$/,
    () => 'cantidad × precio unitario supera el límite del esquema de 12 dígitos enteros',
  ],
  [
    /^at least one tax is required \(exactly one IVA, code 2\)$/,
    () => 'se requiere al menos un impuesto (exactamente un IVA, código 2)',
  ],
  [
    /^exactly one IVA \(code 2\) tax is required$/,
    () => 'se requiere exactamente un impuesto IVA (código 2)',
  ],
  [
    /^tax code (\S+) appears more than once on this item$/,
    (m) => `el impuesto de código ${m[1]} aparece más de una vez en este ítem`,
  ],
  [
    /^unknown tax rate: code (\S+), rateCode (\S+)$/,
    (m) => `tarifa desconocida: código ${m[1]}, código de tarifa ${m[2]}`,
  ],
  [
    /^must be (\S+) for code (\S+), rateCode (\S+)$/,
    (m) => `debe ser ${m[1]} para el código ${m[2]}, código de tarifa ${m[3]}`,
  ],
  [/^expected (\S+), got (.+)$/, (m) => `debe ser ${m[1]} (el valor calculado); se recibió ${m[2]}`],
  [
    /^payments add up to (\S+) but the (?:invoice |document )?total is (\S+)$/,
    (m) => `los pagos suman ${m[1]} pero el total del documento es ${m[2]}`,
  ],
  [
    /^a final consumer \(07\) document may not exceed USD ([\d.]+) \(total ([\d.]+)\); identify the buyer$/,
    (m) =>
      `un documento a consumidor final (07) no puede superar USD ${m[1]} (total ${m[2]}); identifica al comprador`,
  ],
  [/^must not be in the future \(today is (\S+)\)$/, (m) => `no puede ser una fecha futura (hoy es ${m[1]})`],
  [
    /^must be today \((\S+)\): from 01\/01\/2026 a document reaches the tax authority on its issue date \(error 65 otherwise\)$/,
    (m) =>
      `debe ser hoy (${m[1]}): desde el 01/01/2026 un comprobante llega al SRI en su fecha de emisión (si no, error 65)`,
  ],
  [
    /^must be at most (\d+) days before today \(the tax authority's tolerance\)$/,
    (m) => `debe ser como máximo ${m[1]} días anterior a hoy (la tolerancia del SRI)`,
  ],
  [
    /^a credit note must be dated today \((\S+)\)$/,
    (m) => `una nota de crédito debe tener la fecha de hoy (${m[1]})`,
  ],
  [/^a RUC \(04\) is 13 digits ending in 001$/, () => 'un RUC (04) tiene 13 dígitos y termina en 001'],
  [/^a cédula \(05\) is 10 digits$/, () => 'una cédula (05) tiene 10 dígitos'],
  [
    /^a final consumer \(07\) is identified as 9999999999999$/,
    () => 'un consumidor final (07) se identifica como 9999999999999',
  ],
  [/^at least one item is required$/, () => 'se requiere al menos un ítem'],
  [/^at least one payment is required$/, () => 'se requiere al menos un pago'],
  [
    /^the document total exceeds the schema limit of 12 integer digits$/,
    () => 'el total del documento supera el límite del esquema de 12 dígitos enteros',
  ],
  [
    /^must be 01 \(invoice\), 03 \(purchase settlement\) or 05 \(debit note\)$/,
    () => 'debe ser 01 (factura), 03 (liquidación de compra) o 05 (nota de débito)',
  ],
  [
    /^must not be after the credit note's issue date$/,
    () => 'no puede ser posterior a la fecha de emisión de la nota de crédito',
  ],
  [/^term and termUnit go together$/, () => 'term y termUnit van juntos'],
  [/^must be one of (.+)$/, (m) => `debe ser uno de ${m[1]}`],
];

function localizeMessage(message: string, lang: FieldLanguage): string {
  if (lang === 'en') return message;
  for (const [re, words] of SPANISH) {
    const m = re.exec(message);
    if (m) return words(m);
  }
  return message;
}

export function localizeFieldErrors<E extends FieldError>(errors: E[], lang: FieldLanguage): E[] {
  return lang === 'en' ? errors : errors.map((e) => ({ ...e, message: localizeMessage(e.message, lang) }));
}
