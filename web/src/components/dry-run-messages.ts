/** `t('Texto', 'Text')` as web/src/i18n.tsx defines it (repeated here: this module has no imports, so the
 * server-side tests can load it). */
type T = (es: string, en: string) => string;

/**
 * The dry run's problems as a person reads them (no JSX: test/web/dry-run-messages.test.ts runs these
 * against real answers of POST /v1/documents/validate).
 */
/** One problem of POST /v1/documents/validate. */
export interface DryRunError {
  code: string;
  path: string;
  message: string;
  expected?: string;
}

type Body = Record<string, unknown>;

/**
 * The form's name for an error's path: the API names a body field by its own path (`buyer.email`,
 * src/shared/errors.ts `FieldError`) and the body as a whole `body`, which is the document itself.
 */
export const formPath = (path: string) => (path === 'body' ? '' : path);

/**
 * An error the service settles itself: a tax base or value the form leaves to it (the client never
 * computes taxes), or the total of the only payment. Everything else is the person's to fix.
 */
export function isComputedFigure(e: DryRunError, body: Body): boolean {
  if (e.expected === undefined) return false;
  const path = formPath(e.path);
  if (/\.(taxableBase|taxAmount)$/.test(path)) return true;
  const payments = body.payments;
  return (
    (path === 'payments' || path === 'payments[0].total') && Array.isArray(payments) && payments.length === 1
  );
}

const PATTERNS: [RegExp, (t: T, m: RegExpExecArray) => string][] = [
  [
    /^is required|must NOT have fewer than 1 characters|must not be blank/,
    (t) => t('Obligatorio.', 'Required.'),
  ],
  [
    /must (?:NOT have more than|be at most) (\d+) characters/,
    (t, m) => t(`Máximo ${m[1]} caracteres.`, `At most ${m[1]} characters.`),
  ],
  [
    /must match pattern "\^-\?\[0-9\]|non-negative decimal string|decimal number written as a string/,
    (t) => t('Escribe una cantidad como 12.50.', 'Enter an amount such as 12.50.'),
  ],
  [/must have at most (\d+) decimals/, (t, m) => t(`Máximo ${m[1]} decimales.`, `At most ${m[1]} decimals.`)],
  [
    /digits before the decimal point|schema limit/,
    (t) => t('El valor es demasiado grande.', 'The amount is too large.'),
  ],
  [/must be greater than 0/, (t) => t('Debe ser mayor que 0.', 'Must be greater than 0.')],
  [
    /valid email address|must match format "email"|^must NOT have fewer than 3|^must be at least 3 characters/,
    (t) => t('Correo no válido.', 'Not a valid email address.'),
  ],
  [
    /a RUC \(04\) is 13 digits/,
    (t) => t('Un RUC tiene 13 dígitos y termina en 001.', 'A RUC is 13 digits ending in 001.'),
  ],
  [
    /a cédula \(05\) is 10 digits/,
    (t) => t('Una cédula tiene 10 dígitos.', 'A national ID card number is 10 digits.'),
  ],
  [
    /final consumer \(07\) is identified as/,
    (t) =>
      t(
        'Consumidor final se identifica como 9999999999999.',
        'A final consumer is identified as 9999999999999.',
      ),
  ],
  [
    /final consumer \(07\) document may not exceed USD ([\d.]+)/,
    (t, m) =>
      t(
        `A consumidor final se factura hasta USD ${m[1]}: identifica al cliente.`,
        `Final-consumer documents go up to USD ${m[1]}: identify the buyer.`,
      ),
  ],
  [
    /check digit|verification digit|dígito verificador/i,
    (t) => t('El dígito verificador no es válido.', 'The check digit is wrong.'),
  ],
  [
    /must not exceed quantity × unitPrice \(([\d.]+)\)/,
    (t, m) => t(`No puede superar cantidad × precio (${m[1]}).`, `Cannot exceed quantity × price (${m[1]}).`),
  ],
  [
    /payments add up to ([\d.]+) but the (?:invoice |document )?total is ([\d.]+)/,
    (t, m) =>
      t(
        `Los pagos suman ${m[1]} y el total es ${m[2]}.`,
        `Payments add up to ${m[1]}; the total is ${m[2]}.`,
      ),
  ],
  [/term and termUnit go together/, (t) => t('Indica el plazo y su unidad.', 'Give the term with its unit.')],
  [
    /this document has no payment terms/,
    (t) => t('Este comprobante no lleva plazo.', 'This document has no payment term.'),
  ],
  [/historical rate/, (t) => t('Esa tarifa ya no está vigente.', 'That rate is no longer in force.')],
  [
    /was in force .* not on the credited document/,
    (t) =>
      t(
        'Esa tarifa no regía en la fecha de la factura.',
        "That rate was not in force on the invoice's date.",
      ),
  ],
  [/unknown tax rate/, (t) => t('Tarifa desconocida.', 'Unknown rate.')],
  [/must be 2 \(IVA\)/, (t) => t('Este comprobante lleva solo IVA.', 'This document carries VAT only.')],
  [
    /appears more than once/,
    (t) => t('Ese impuesto está repetido en la línea.', 'That tax is repeated on the line.'),
  ],
  [
    /exactly one IVA|at least one tax is required/,
    (t) => t('Cada línea lleva una tarifa de IVA.', 'Each line needs one VAT rate.'),
  ],
  [/has no tip/, (t) => t('Este comprobante no lleva propina.', 'This document has no tip.')],
  [
    /at most (\d+) entries|must NOT have more than (\d+) items/,
    (t, m) => t(`Máximo ${m[1] ?? m[2]}.`, `At most ${m[1] ?? m[2]}.`),
  ],
  [
    /must not be in the future/,
    (t) => t('La fecha no puede ser futura.', 'The date cannot be in the future.'),
  ],
  [/days before today/, (t) => t('La fecha es demasiado antigua.', 'The date is too far back.')],
  [/must be one of/, (t) => t('Elige una opción de la lista.', 'Pick an option from the list.')],
  [
    /control characters|single line/,
    (t) => t('Escribe el texto en una sola línea.', 'Write the text on a single line.'),
  ],
  [
    /tax bases add up to ([\d.]+) but the reasons to ([\d.]+)/,
    (t, m) =>
      t(
        `Las bases suman ${m[1]} y las razones ${m[2]}.`,
        `The bases add up to ${m[1]}; the reasons to ${m[2]}.`,
      ),
  ],
  [/expected ([\d.]+), got/, (t, m) => t(`El valor correcto es ${m[1]}.`, `The right value is ${m[1]}.`)],
];

const CODES: Record<string, [string, string]> = {
  DOCUMENT_TYPE_NOT_ENABLED: [
    'Este tipo de comprobante no está habilitado para el emisor.',
    'This document type is not enabled for the issuer.',
  ],
  ISSUER_ISSUING_PAUSED: [
    'La emisión de este punto está pausada.',
    'Issuing is paused for this issue point.',
  ],
};

/** A dry-run problem as a sentence in the UI language, never the validator's raw text. */
export function dryRunMessage(t: T, e: Pick<DryRunError, 'code' | 'message'>): string {
  const code = CODES[e.code];
  if (code) return t(code[0], code[1]);
  for (const [re, say] of PATTERNS) {
    const m = re.exec(e.message);
    if (m) return say(t, m);
  }
  return t('Revisa este valor.', 'Check this value.');
}

const FIELD_NAMES: Record<string, [string, string]> = {
  taxes: ['impuestos', 'taxes'],
  code: ['impuesto', 'tax'],
  rateCode: ['tarifa', 'rate'],
  rate: ['tarifa', 'rate'],
  discount: ['descuento', 'discount'],
  additionalDetails: ['detalles adicionales', 'additional details'],
  additionalInfo: ['información adicional', 'additional information'],
  payments: ['pagos', 'payments'],
  items: ['detalle', 'items'],
  reasons: ['razones', 'reasons'],
  tip: ['propina', 'tip'],
  idType: ['tipo de identificación', 'ID type'],
  issueDate: ['fecha de emisión', 'issue date'],
  term: ['plazo', 'term'],
  termUnit: ['unidad de tiempo', 'time unit'],
  total: ['valor', 'amount'],
  name: ['nombre', 'name'],
  value: ['valor', 'value'],
};

/** `items[1].taxes[0].rateCode` → "Línea 2 · impuestos 1 · tarifa" for the list of unplaced errors. */
export function placeOf(t: T, path: string): string {
  if (!path) return t('Comprobante', 'Document');
  return path
    .split('.')
    .map((seg) => {
      const m = /^(\w+)(?:\[(\d+)\])?$/.exec(seg);
      if (!m) return seg;
      const n = m[2] === undefined ? '' : ` ${Number(m[2]) + 1}`;
      if (m[1] === 'items' && n) return t(`Línea${n}`, `Line${n}`);
      if (m[1] === 'payments' && n) return t(`Pago${n}`, `Payment${n}`);
      const name = FIELD_NAMES[m[1]!];
      return (name ? t(name[0], name[1]) : m[1]) + n;
    })
    .join(' · ');
}
