import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlLibError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';

/**
 * Validation against the official schemas vendored in resources/sri/xsd, with libxml2 compiled to
 * WebAssembly (the service must run where only Node is installed). Each schema is compiled once
 * and kept. The official schemas do not declare ds:Signature (REFERENCE §0), so the copy compiled
 * here gets `<xsd:element ref="ds:Signature" minOccurs="0"/>` at the end of the root sequence:
 * the signature is then checked against xmldsig-core-schema.xsd instead of being stripped.
 */

const XSD_DIR = fileURLToPath(new URL('../../../../resources/sri/xsd/', import.meta.url));
const XMLDSIG_FILE = `${XSD_DIR}xmldsig-core-schema.xsd`;

/** (codDoc, version) → schema file. Older minor versions share the schema of the newer one. */
const SCHEMAS: Record<string, Record<string, string>> = {
  '01': {
    '1.0.0': 'factura_V1.1.0.xsd',
    '1.1.0': 'factura_V1.1.0.xsd',
    '2.0.0': 'factura_V2.1.0.xsd',
    '2.1.0': 'factura_V2.1.0.xsd',
  },
  '04': { '1.0.0': 'NotaCredito_V1.0.0.xsd', '1.1.0': 'NotaCredito_V1.1.0.xsd' },
  // The versions this service emits (REFERENCE-TYPES.md §1); older ones are not accepted here.
  '03': { '1.1.0': 'LiquidacionCompra_V1.1.0.xsd' },
  '05': { '1.0.0': 'NotaDebito_V1.0.0.xsd' },
  '06': { '1.1.0': 'GuiaRemision_V1.1.0.xsd' },
  '07': { '2.0.0': 'ComprobanteRetencion_V2.0.0.xsd' },
};

export type SchemaOutcome =
  | { ok: true; root: string; codDoc: string; version: string }
  | { ok: false; reason: string };

const compiled = new Map<string, XsdValidator>();
let providerRegistered = false;

/**
 * libxml2 resolves the xmldsig import through registered input providers. This one answers only
 * for our own copy of the xmldsig schema, so documents can make it read nothing else.
 */
function registerXmldsigProvider(): void {
  if (providerRegistered) return;
  const content = readFileSync(XMLDSIG_FILE);
  const open = new Map<number, number>();
  let nextFd = 1;
  xmlRegisterInputProvider({
    match: (filename) => filename === XMLDSIG_FILE,
    open: () => {
      const fd = nextFd++;
      open.set(fd, 0);
      return fd;
    },
    read: (fd, buf) => {
      const pos = open.get(fd as number);
      if (pos === undefined) return -1;
      const n = Math.min(buf.byteLength, content.length - pos);
      buf.set(content.subarray(pos, pos + n));
      open.set(fd as number, pos + n);
      return n;
    },
    close: (fd) => open.delete(fd as number),
  });
  providerRegistered = true;
}

function schemaFileFor(codDoc: string, version: string): string | null {
  return SCHEMAS[codDoc]?.[version] ?? null;
}

function validatorFor(file: string): XsdValidator {
  const cached = compiled.get(file);
  if (cached) return cached;
  registerXmldsigProvider();
  let source = readFileSync(`${XSD_DIR}${file}`, 'utf8')
    // NotaCredito_V1.1.0.xsd and GuiaRemision_V1.1.0.xsd declare XML 1.1 for no reason (their content is 1.0).
    .replace(/^<\?xml version="1\.1"/, '<?xml version="1.0"')
    .replace(/schemaLocation="xmldsig-core-schema\.xsd"/, `schemaLocation="${XMLDSIG_FILE}"`);
  const anchors = source.match(/<\/xsd:sequence>(\s*<xsd:attribute name="id")/g) ?? [];
  if (anchors.length !== 1) throw new Error(`Cannot find the root sequence of ${file}`);
  // The retención and guía schemas bind the xmldsig namespace to ns1, the others to ds.
  const prefix = /xmlns:(\w+)="http:\/\/www\.w3\.org\/2000\/09\/xmldsig#"/.exec(source)?.[1];
  if (!prefix) throw new Error(`${file} does not import xmldsig`);
  source = source.replace(
    /<\/xsd:sequence>(\s*<xsd:attribute name="id")/,
    `<xsd:element ref="${prefix}:Signature" minOccurs="0"/></xsd:sequence>$1`,
  );
  const xsdDoc = XmlDocument.fromString(source, { url: `${XSD_DIR}${file}` });
  try {
    const validator = XsdValidator.fromDoc(xsdDoc);
    compiled.set(file, validator);
    return validator;
  } finally {
    xsdDoc.dispose();
  }
}

/** Compiles every schema now, so the first document does not pay for it. */
export function preloadSchemas(): void {
  for (const versions of Object.values(SCHEMAS))
    for (const file of Object.values(versions)) validatorFor(file);
}

/** Parses document bytes, honouring their declared encoding; the caller disposes the document. */
export function parseDocument(bytes: Uint8Array): { doc: XmlDocument } | { error: string } {
  try {
    return { doc: XmlDocument.fromBuffer(bytes) };
  } catch (e) {
    return { error: `XML mal formado: ${firstDetail(e)}` };
  }
}

/** Validates against the schema of the document's own codDoc and version. */
export function checkSchema(doc: XmlDocument): SchemaOutcome {
  const root = doc.root;
  const version = root.attr('version')?.value ?? '';
  const codDoc = root.get('infoTributaria/codDoc')?.content.trim() ?? '';
  const file = schemaFileFor(codDoc, version);
  if (file === null) {
    return { ok: false, reason: `No existe esquema XSD para codDoc "${codDoc}" versión "${version}"` };
  }
  try {
    validatorFor(file).validate(doc);
  } catch (e) {
    return { ok: false, reason: `${file}: ${firstDetail(e)}` };
  }
  return { ok: true, root: root.name, codDoc, version };
}

/** parseDocument + checkSchema, for callers that do not need the document afterwards. */
export function validateDocument(bytes: Uint8Array): SchemaOutcome {
  const parsed = parseDocument(bytes);
  if ('error' in parsed) return { ok: false, reason: parsed.error };
  try {
    return checkSchema(parsed.doc);
  } finally {
    parsed.doc.dispose();
  }
}

function firstDetail(e: unknown): string {
  if (e instanceof XmlLibError && e.details.length > 0) {
    const d = e.details[0]!;
    return `línea ${d.line}: ${d.message.trim()}`;
  }
  return (e as Error).message.trim();
}
