import type { FieldError } from './api';
import type { T } from './i18n';

/**
 * The server's field messages (ajv's keywords as src/http/validation.ts words them, and the
 * services' own) in the UI's language. A message nobody mapped reads "Revisa este valor" /
 * "Check this value"; the server's words stay behind the "Detalles técnicos" disclosure.
 */
type Rule = [RegExp, (t: T, m: RegExpExecArray) => string];

const RULES: Rule[] = [
  [/^is required and must not be blank$/, (t) => t('Es obligatorio', 'Required')],
  [/^is required \(a P12\/PFX file\)/, (t) => t('Elige el archivo P12/PFX', 'Choose the P12/PFX file')],
  [
    /^is required \(PDF, PNG or JPEG/,
    (t) => t('Elige un archivo PDF, PNG o JPEG', 'Choose a PDF, PNG or JPEG file'),
  ],
  [/^is required \(true or false\)$/, (t) => t('Elige sí o no', 'Choose yes or no')],
  [/^is required/, (t) => t('Es obligatorio', 'Required')],
  [/^must NOT have fewer than 1 characters$/, (t) => t('Es obligatorio', 'Required')],
  [
    /^must (?:NOT have fewer than|be at least) (\d+) characters$/,
    (t, m) => t(`Debe tener al menos ${m[1]} caracteres`, `Must have at least ${m[1]} characters`),
  ],
  [
    /^must (?:NOT have more than|be at most) (\d+) characters$/,
    (t, m) => t(`Debe tener como máximo ${m[1]} caracteres`, `Must have at most ${m[1]} characters`),
  ],
  [
    /^must (?:NOT have fewer than (\d+) items|have at least (\d+) entr(?:y|ies))$/,
    (t, m) => t(`Agrega al menos ${m[1] ?? m[2]}`, `Add at least ${m[1] ?? m[2]}`),
  ],
  [
    /^must (?:NOT have more than (\d+) items|have at most (\d+) entries)$/,
    (t, m) => t(`Como máximo ${m[1] ?? m[2]}`, `At most ${m[1] ?? m[2]}`),
  ],
  [
    /^must match format "email"$|^must be a valid email address$/,
    (t) => t('Escribe un correo electrónico válido', 'Enter a valid email address'),
  ],
  [
    /^must match format "(?:uri|url)"$|^must be an absolute URL$/,
    (t) => t('Escribe una dirección web completa', 'Enter a full web address'),
  ],
  [
    /^must use https$|^must be an absolute https URL$/,
    (t) => t('La dirección debe empezar con https://', 'The address must start with https://'),
  ],
  [
    /^must use http or https$/,
    (t) =>
      t(
        'La dirección debe empezar con http:// o https://',
        'The address must start with http:// or https://',
      ),
  ],
  [/^must match format "uuid"$|^must be a UUID$/, (t) => t('Identificador no válido', 'Invalid identifier')],
  [
    /^must match pattern "\^-\?\[0-9\]\+|^must be a decimal number written as a string/,
    (t) => t('Escribe un número, por ejemplo 12.50', 'Enter a number, such as 12.50'),
  ],
  [
    /^must be a non-negative decimal string/,
    (t) => t('Escribe un número positivo, por ejemplo 12.50', 'Enter a positive number, such as 12.50'),
  ],
  [/^must name a host$/, (t) => t('Escribe una dirección web completa', 'Enter a full web address')],
  [
    /^must not contain credentials/,
    (t) =>
      t('No incluyas usuario ni contraseña en la dirección', 'Leave user and password out of the address'),
  ],
  [
    /^must be greater than 0$|^must be > 0$/,
    (t) => t('Debe ser mayor que cero', 'Must be greater than zero'),
  ],
  [/^must be >= (\S+)$/, (t, m) => t(`Debe ser ${m[1]} o más`, `Must be ${m[1]} or more`)],
  [/^must be <= (\S+)$/, (t, m) => t(`Debe ser ${m[1]} o menos`, `Must be ${m[1]} or less`)],
  [/^must be > (\S+)$/, (t, m) => t(`Debe ser mayor que ${m[1]}`, `Must be more than ${m[1]}`)],
  [/^must be < (\S+)$/, (t, m) => t(`Debe ser menor que ${m[1]}`, `Must be less than ${m[1]}`)],
  [
    /^must be a (?:real )?date in the form DD\/MM\/YYYY$|^must be a date between/,
    (t) => t('Escribe una fecha válida (DD/MM/AAAA)', 'Enter a valid date (DD/MM/YYYY)'),
  ],
  [
    /^must not be before/,
    (t) => t('No puede ser anterior a la fecha de inicio', 'Cannot be before the start date'),
  ],
  [
    /^must look like 001-001-000000123/,
    (t) => t('Escribe el número como 001-001-000000123', 'Write the number as 001-001-000000123'),
  ],
  [
    /^must be 13 digits ending in 001$/,
    (t) => t('Debe tener 13 dígitos y terminar en 001', 'Must be 13 digits ending in 001'),
  ],
  [
    /^must be 3 digits, 001 to 999$/,
    (t) => t('Deben ser 3 dígitos, de 001 a 999', 'Must be 3 digits, 001 to 999'),
  ],
  [
    /^must be PNG, JPEG or GIF$/,
    (t) => t('Debe ser una imagen PNG, JPEG o GIF', 'Must be a PNG, JPEG or GIF image'),
  ],
  [
    /^must be a PDF, PNG or JPEG file$/,
    (t) => t('Debe ser un PDF, PNG o JPEG', 'Must be a PDF, PNG or JPEG'),
  ],
  [
    /^must be at most (\d+) KB$/,
    (t, m) => t(`Debe pesar como máximo ${m[1]} KB`, `Must be at most ${m[1]} KB`),
  ],
  [
    /^must list at least one document type$/,
    (t) => t('Elige al menos un tipo de comprobante', 'Choose at least one document type'),
  ],
  [/^must be a single line/, (t) => t('Debe ser una sola línea', 'Must be a single line')],
  [
    /^must not contain control characters$/,
    (t) => t('Tiene caracteres no permitidos', 'Contains characters that are not allowed'),
  ],
  [/^must be true or false$/, (t) => t('Elige sí o no', 'Choose yes or no')],
  [/^must be one of /, (t) => t('Elige una de las opciones', 'Choose one of the options')],
  [
    /^must match pattern |^must look like |^must be (?:exactly )?\d+ (?:to \d+ )?digits$|^must be a month in the form/,
    (t) => t('El formato no es válido', 'The format is not valid'),
  ],
  [
    /^must be (?:string|number|integer|boolean|array|object|null)/,
    (t) => t('Tipo de valor no válido', 'Wrong kind of value'),
  ],
  [/^at least one item is required$/, (t) => t('Agrega al menos una línea', 'Add at least one line')],
  [
    /^at least one payment is required$/,
    (t) => t('Agrega al menos una forma de pago', 'Add at least one payment'),
  ],
  [
    /^at least one recipient is required$/,
    (t) => t('Agrega al menos un destinatario', 'Add at least one recipient'),
  ],
  [/^at least one tax is required/, (t) => t('Agrega el IVA de la línea', "Add the line's IVA")],
  [
    /^exceeds the schema limit|exceeds the schema limit/,
    (t) => t('El valor es demasiado grande', 'The value is too large'),
  ],
  [/^must equal (\S+)/, (t, m) => t(`Debe ser ${m[1]}`, `Must be ${m[1]}`)],
  [
    /^does not match|^must add up|^must be the sum/,
    (t) => t('Los valores no cuadran', 'The figures do not add up'),
  ],
  [/^is invalid$/, (t) => t('No es válido', 'Not valid')],
];

/** One server field message in the UI's language. */
export function fieldText(t: T, message: string): string {
  for (const [re, say] of RULES) {
    const m = re.exec(message);
    if (m) return lowerFirst(say(t, m));
  }
  return t('revisa este valor', 'check this value');
}

/** Field messages follow their label, as the browser's own checks word them ("es obligatorio"). */
function lowerFirst(s: string): string {
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/**
 * A field path (`items[0].quantity`, `buyer.email`, `query.from`) as people name it: the last
 * known field's label, with the line number when inside a list.
 */
const FIELD_NAMES: Record<string, [string, string]> = {
  email: ['Correo', 'Email'],
  ruc: ['RUC', 'RUC'],
  businessName: ['Razón social', 'Business name'],
  tradeName: ['Nombre comercial', 'Trade name'],
  mainAddress: ['Dirección matriz', 'Main address'],
  branchAddress: ['Dirección del establecimiento', 'Branch address'],
  branchCode: ['Establecimiento', 'Branch'],
  issuePointCode: ['Punto de emisión', 'Issue point'],
  cert: ['Certificado', 'Certificate'],
  certPassword: ['Contraseña del certificado', 'Certificate password'],
  logo: ['Logo', 'Logo'],
  documentTypes: ['Tipos de comprobante', 'Document types'],
  requiredAccounting: ['Obligado a llevar contabilidad', 'Required to keep accounts'],
  buyer: ['Cliente', 'Buyer'],
  id: ['Identificación', 'ID'],
  idType: ['Tipo de identificación', 'ID type'],
  name: ['Nombre', 'Name'],
  address: ['Dirección', 'Address'],
  phone: ['Teléfono', 'Phone'],
  items: ['Línea', 'Line'],
  mainCode: ['Código', 'Code'],
  description: ['Descripción', 'Description'],
  quantity: ['Cantidad', 'Quantity'],
  unitPrice: ['Precio unitario', 'Unit price'],
  discount: ['Descuento', 'Discount'],
  taxes: ['Impuesto', 'Tax'],
  taxableBase: ['Base imponible', 'Taxable base'],
  taxAmount: ['Valor del impuesto', 'Tax amount'],
  payments: ['Pago', 'Payment'],
  method: ['Forma de pago', 'Payment method'],
  total: ['Total', 'Total'],
  term: ['Plazo', 'Term'],
  reason: ['Motivo', 'Reason'],
  url: ['URL', 'URL'],
  eventTypes: ['Eventos', 'Events'],
  label: ['Etiqueta', 'Label'],
  scopes: ['Permisos', 'Scopes'],
  from: ['Desde', 'From'],
  to: ['Hasta', 'To'],
  tier: ['Plan', 'Plan'],
  billingInterval: ['Periodicidad', 'Interval'],
  file: ['Archivo', 'File'],
  code: ['Código', 'Code'],
  version: ['Versión', 'Version'],
  price: ['Precio', 'Price'],
  effectiveAt: ['Vigente desde', 'Effective from'],
  reasonCode: ['Motivo', 'Reason'],
};

function fieldName(t: T, path: string): string {
  const parts = path.replace(/^(body|query|params)\./, '').split('.');
  const line = /\[(\d+)\]/.exec(path);
  for (let i = parts.length - 1; i >= 0; i--) {
    const key = parts[i]!.replace(/\[\d+\]$/, '');
    const known = FIELD_NAMES[key];
    if (known) {
      const name = t(known[0], known[1]);
      return line && !parts[i]!.includes('[')
        ? `${name} (${t('línea', 'line')} ${Number(line[1]) + 1})`
        : name;
    }
  }
  return t('Dato', 'Field');
}

/** The errors of a problem as `Field: message` lines in the UI's language. */
export function fieldLines(t: T, errors: FieldError[]): string[] {
  return errors.map((e) => `${fieldName(t, e.path)}: ${e.localized ? e.message : fieldText(t, e.message)}`);
}
