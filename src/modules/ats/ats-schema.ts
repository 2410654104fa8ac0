import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { XmlDocument, XmlLibError, XsdValidator } from 'libxml2-wasm';

/**
 * The SRI's ATS schema (resources/sri/xsd/ats/ats.xsd), compiled once with libxml2 in WebAssembly
 * (the service runs where only Node is installed). The whole file is parsed to validate it: for a
 * month of 10,000 purchases that is about the file's size again in memory (docs/ats.md).
 */
const XSD_FILE = fileURLToPath(new URL('../../../resources/sri/xsd/ats/ats.xsd', import.meta.url));
let validator: XsdValidator | undefined;

function atsValidator(): XsdValidator {
  if (validator) return validator;
  const xsd = XmlDocument.fromString(readFileSync(XSD_FILE, 'utf8'), { url: XSD_FILE });
  try {
    validator = XsdValidator.fromDoc(xsd);
    return validator;
  } finally {
    xsd.dispose();
  }
}

/** The schema's messages for an ATS file (empty when it validates). */
export function validateAtsSchema(xml: Uint8Array | string): string[] {
  let doc: XmlDocument;
  try {
    doc = typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(xml);
  } catch (e) {
    return [`XML mal formado: ${(e as Error).message.trim()}`];
  }
  try {
    atsValidator().validate(doc);
    return [];
  } catch (e) {
    if (e instanceof XmlLibError && e.details.length > 0)
      return e.details.map((d) => `línea ${d.line}: ${d.message.trim()}`);
    return [(e as Error).message.trim()];
  } finally {
    doc.dispose();
  }
}
