/**
 * The Spanish of the messages of links between documents (src/modules/documents/links.ts,
 * link-refs.ts) and of the withholding's bases and dated rates (types/withholding/compute.ts).
 * Kept beside field-language.ts, which spreads them into its rules; values (keys, dates, amounts)
 * are kept as they are.
 */
type Rule = [RegExp, (m: RegExpExecArray) => string];

const KEY_MISMATCH: Rule[] = [
  [
    /^its date (\S+) is not the issue date (\S+)$/,
    (m) => `su fecha ${m[1]} no es la fecha de emisión ${m[2]}`,
  ],
  [
    /^its type (\S+) is not the document type (\S+)$/,
    (m) => `su tipo ${m[1]} no es el tipo de documento ${m[2]}`,
  ],
  [/^its RUC (\S+) is not (.+)$/, (m) => `su RUC ${m[1]} no es ${m[2]!.replace(/ or /g, ' ni ')}`],
  [
    /^it is a key of the (\S+) environment, this document is (\S+)$/,
    (m) => `es una clave del ambiente ${m[1]} y este documento es de ${m[2]}`,
  ],
  [/^its number (\S+) is not (\S+)$/, (m) => `su número ${m[1]} no es ${m[2]}`],
];

/** One reason of "does not match the document: a; b" in Spanish (or unchanged when unknown). */
function keyMismatch(part: string): string {
  for (const [re, words] of KEY_MISMATCH) {
    const m = re.exec(part);
    if (m) return words(m);
  }
  return part;
}

/** "2026-01-01 to today or any date to 2025-12-31" in Spanish (describeValidity, validityText). */
function validity(text: string): string {
  return text
    .replace(/\bany date\b/g, 'cualquier fecha')
    .replace(/\btoday\b/g, 'hoy')
    .replace(/\bwithout end date\b/g, 'sin fecha de fin')
    .replace(/^from /, 'desde ')
    .replace(/^until /, 'hasta ')
    .replace(/ to /g, ' a ')
    .replace(/ or /g, ' o ')
    .replace(/; from /g, '; desde ')
    .replace(/; until /g, '; hasta ');
}

export const LINK_AND_WITHHOLDING_SPANISH: Rule[] = [
  [
    /^is not a valid 49-digit access key \(format or check digit\)$/,
    () => 'no es una clave de acceso válida de 49 dígitos (formato o dígito verificador)',
  ],
  [
    /^does not match the document: (.+)$/,
    (m) => `no corresponde al documento: ${m[1]!.split('; ').map(keyMismatch).join('; ')}`,
  ],
  [
    /^the original is not in this account; it was not checked$/,
    () => 'el documento original no está en esta cuenta; no se verificó',
  ],
  [
    /^is (\S+): only an AUTHORIZED document can be referred to$/,
    (m) => `está en estado ${m[1]}: solo se puede referir a un documento AUTHORIZED (autorizado)`,
  ],
  [
    /^must be the original's issue date \((\S+)\)$/,
    (m) => `debe ser la fecha de emisión del documento original (${m[1]})`,
  ],
  [
    /^must be the original's access key \((\S+)\)$/,
    (m) => `debe ser la clave de acceso del documento original (${m[1]})`,
  ],
  [
    /^must be the original's buyer identification \((\S+)\)$/,
    (m) => `debe ser la identificación del comprador del documento original (${m[1]})`,
  ],
  [
    /^the IVA withholding bases add up to more than the document's VAT \((\S+) > (\S+)\)$/,
    (m) => `las bases de retención de IVA suman más que el IVA del documento (${m[1]} > ${m[2]})`,
  ],
  [
    /^the renta withholding bases add up to more than the document's taxable base \((\S+) > (\S+)\)$/,
    (m) =>
      `las bases de retención de renta suman más que la base imponible del documento (${m[1]} > ${m[2]})`,
  ],
  [
    /^must not exceed the document's total \((\S+)\)$/,
    (m) => `no debe superar el total del documento (${m[1]})`,
  ],
  [
    /^(.+) was not in force on the supporting document's issue date (\S+) \(valid (.+)\)$/,
    (m) =>
      `${m[1]} no estaba vigente en la fecha de emisión del documento sustento ${m[2]} (vigente ${validity(m[3]!)})`,
  ],
  [
    /^code (\S+) is not in force on (\S+) \(valid (.+)\)$/,
    (m) => `el código ${m[1]} no está vigente el ${m[2]} (vigente ${validity(m[3]!)})`,
  ],
  [/^must be (\S+) for code (\S+) on (\S+)$/, (m) => `debe ser ${m[1]} para el código ${m[2]} el ${m[3]}`],
];
