import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * XML bytes in, DOM out, matching elements by local name: the tax authority and its clients use
 * different prefixes for the same namespaces (`soap:`, `S:`, `soapenv:`, `ns2:`), and the children
 * of the operation wrappers carry no namespace at all (ENVELOPES.md, binding facts).
 */

export class XmlDecodeError extends Error {
  override readonly name = 'XmlDecodeError';
}

const DECLARED_ENCODING = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;

/** The encoding named by the XML declaration, lower-cased, or null when there is none. */
function declaredEncoding(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 256)).toString('latin1');
  const m = DECLARED_ENCODING.exec(head);
  return m ? m[1]!.toLowerCase() : null;
}

/**
 * Decodes XML bytes as their declaration says. The real authorization answer declares
 * ISO-8859-1 (REFERENCE §2 item 4): reading it as UTF-8 would mangle the Ó of PRODUCCIÓN.
 * No declaration (and no BOM) means UTF-8, as the XML specification says.
 */
export function decodeXmlBytes(bytes: Uint8Array): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return strictUtf8(buf.subarray(3));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  const encoding = declaredEncoding(buf);
  if (encoding === null || encoding === 'utf-8' || encoding === 'utf8') return strictUtf8(buf);
  // ISO-8859-1 maps every byte to the code point of the same value; TextDecoder('latin1') would
  // apply windows-1252 instead (WHATWG), which differs in 0x80-0x9F.
  if (['iso-8859-1', 'iso8859-1', 'iso_8859-1', 'latin1', 'l1', 'us-ascii', 'ascii'].includes(encoding)) {
    return buf.toString('latin1');
  }
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(buf);
  } catch {
    throw new XmlDecodeError(`Unsupported or invalid XML encoding "${encoding}"`);
  }
}

function strictUtf8(buf: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf);
  } catch {
    throw new XmlDecodeError('The XML is not valid UTF-8');
  }
}

/**
 * An element as fast-xml-parser gives it with the options below: child elements by local name,
 * each an array in document order; its text under "#text" (entities and character references
 * decoded, CDATA taken as is).
 */
export interface XmlNode {
  [name: string]: XmlNode[] | string | undefined;
  '#text'?: string;
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: false,
  alwaysCreateTextNode: true,
  isArray: () => true,
  processEntities: true,
  // Also decodes numeric character references (&#xE9;), which XML requires.
  htmlEntities: true,
});

/** The same tree with each element's attributes as `@name` strings (campoAdicional's nombre). */
const attributeParser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  trimValues: false,
  alwaysCreateTextNode: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
  processEntities: true,
  htmlEntities: true,
});

/**
 * Parses XML text into a tree of local names; anything not well-formed throws. With
 * `attributes`, each element also carries its attributes as `@name` (strings, never arrays).
 */
export function parseXml(text: string, opts: { attributes?: boolean } = {}): XmlNode {
  // SOAP forbids DTDs, and refusing them rules out entity-expansion tricks.
  if (/<!DOCTYPE/i.test(text)) throw new XmlDecodeError('DTDs are not accepted');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new XmlDecodeError(`${valid.err.msg} (line ${valid.err.line})`);
  return (opts.attributes ? attributeParser : parser).parse(text) as XmlNode;
}

/** An attribute of an element parsed with `attributes`, or null. */
export function attribute(node: XmlNode, name: string): string | null {
  const v = node[`@${name}`];
  return typeof v === 'string' ? v : null;
}

/** The root element: [local name, element]. */
export function rootElement(tree: XmlNode): [string, XmlNode] | null {
  for (const [name, value] of Object.entries(tree)) {
    if (name !== '#text' && Array.isArray(value) && value[0] !== undefined) return [name, value[0]];
  }
  return null;
}

export function children(parent: XmlNode, localName: string): XmlNode[] {
  const value = parent[localName];
  return Array.isArray(value) ? value : [];
}

export function child(parent: XmlNode, localName: string): XmlNode | null {
  return children(parent, localName)[0] ?? null;
}

function textOf(node: XmlNode): string {
  return typeof node['#text'] === 'string' ? node['#text'] : '';
}

/** Text of the first child with that local name; null when the child is absent. */
export function childText(parent: XmlNode, localName: string): string | null {
  const c = child(parent, localName);
  return c === null ? null : textOf(c);
}

/** The first element with that local name, at any depth (children before grandchildren of later ones). */
export function findFirst(root: XmlNode, localName: string): XmlNode | null {
  const direct = child(root, localName);
  if (direct !== null) return direct;
  for (const [name, value] of Object.entries(root)) {
    if (name === '#text' || !Array.isArray(value)) continue;
    for (const el of value) {
      const found = findFirst(el, localName);
      if (found) return found;
    }
  }
  return null;
}

/** Text content escaped for an element body (quotes may stay). */
export function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** A CDATA section that survives a `]]>` inside the value by splitting it. */
export function cdata(value: string): string {
  return `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}
