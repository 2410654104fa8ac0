/**
 * Writers that emit XML directly in its Canonical XML 1.0 form (W3C REC-xml-c14n-20010315), so the
 * XAdES signer can digest the serialized document as it is, without parsing it again:
 * elements always have a start and an end tag (never `<a/>`), attributes are double-quoted and
 * written in the order C14N sorts them (callers pass them sorted), no whitespace between elements,
 * and characters are escaped exactly as C14N escapes them (§2.3 "Character Modifications").
 */

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#xD;' };
const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '"': '&quot;',
  '\t': '&#x9;',
  '\n': '&#xA;',
  '\r': '&#xD;',
};

/** Text content: `&`, `<`, `>` and CR are escaped; quotes stay literal, as in C14N output. */
export function escapeText(value: string): string {
  return /[&<>\r]/.test(value) ? value.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!) : value;
}

/** Attribute values: `&`, `<`, `"`, TAB, LF and CR are escaped; `>` and `'` stay literal. */
export function escapeAttr(value: string): string {
  return /[&<"\t\n\r]/.test(value) ? value.replace(/[&<"\t\n\r]/g, (c) => ATTR_ESCAPES[c]!) : value;
}

/** `<name>escaped text</name>`. */
export function textElement(name: string, value: string): string {
  return `<${name}>${escapeText(value)}</${name}>`;
}

/** An optional element: nothing at all when the value is null. */
export function optionalElement(name: string, value: string | null): string {
  return value === null ? '' : textElement(name, value);
}

/** `<name>children</name>`, where children is already-serialized canonical XML. */
export function element(name: string, children: string): string {
  return `<${name}>${children}</${name}>`;
}

/** The declaration every document starts with (not part of what is signed). */
export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
