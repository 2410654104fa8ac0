import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { child, childText, decodeXmlBytes, findFirst, parseXml, rootElement } from '../xml-text.js';
import { isWellFormedAccessKey } from './access-key.js';

/**
 * Third-party documents the simulator knows from its start: real documents authorized by the tax
 * authority, copied from the project's shared reference shared/sri/samples into resources/sri-samples (README there names each
 * source), listed in seeds.json with their authorization dates. They are served as the tax authority
 * served them (their own signatures, production keys): the service's answer by key is the proof of a
 * received document, not its signature (REFERENCE-PURCHASES §4.1).
 */

export interface SeededDocument {
  accessKey: string;
  /** The signed document exactly as issued. */
  xml: string;
  /** ISO 8601 with the Ecuador offset, as fechaAutorizacion is written. */
  authorizedAt: string;
  /** Digit 23 of the key: 1 pruebas, 2 producción. */
  ambiente: string;
  /** The file of resources/sri-samples it comes from. */
  source: string;
}

const SAMPLES_DIR = fileURLToPath(new URL('../../../../resources/sri-samples/', import.meta.url));

interface SeedList {
  documents: { file: string; authorizedAt: string }[];
}

let cache: ReadonlyMap<string, SeededDocument> | null = null;

/** Read once per process: the files never change while it runs. */
export function seededDocuments(): ReadonlyMap<string, SeededDocument> {
  if (cache !== null) return cache;
  const list = JSON.parse(readFileSync(`${SAMPLES_DIR}seeds.json`, 'utf8')) as SeedList;
  const map = new Map<string, SeededDocument>();
  for (const { file, authorizedAt } of list.documents) {
    const xml = signedDocumentOf(decodeXmlBytes(readFileSync(`${SAMPLES_DIR}${file}`)));
    const info = findFirst(rootElement(parseXml(xml))?.[1] ?? {}, 'infoTributaria');
    const accessKey = (info && childText(info, 'claveAcceso')?.trim()) ?? '';
    if (!isWellFormedAccessKey(accessKey)) throw new Error(`Seed ${file} has no valid claveAcceso`);
    map.set(accessKey, { accessKey, xml, authorizedAt, ambiente: accessKey[23]!, source: file });
  }
  cache = map;
  return map;
}

/** The signed document inside a portal `autorizacion` wrapper or a SOAP answer, or the text itself. */
function signedDocumentOf(text: string): string {
  const root = rootElement(parseXml(text));
  if (root === null) throw new Error('Empty seed file');
  const [name, element] = root;
  const authorization = name === 'autorizacion' ? element : findFirst(element, 'autorizacion');
  if (authorization === null || child(authorization, 'comprobante') === null) return text.trim();
  return (childText(authorization, 'comprobante') ?? '').trim();
}
