import { describe, expect, it } from 'vitest';
import {
  cdata,
  childText,
  decodeXmlBytes,
  findFirst,
  parseXml,
  rootElement,
  XmlDecodeError,
} from './xml-text.js';

describe('decodeXmlBytes', () => {
  it('reads ISO-8859-1 when the declaration says so', () => {
    const bytes = Buffer.concat([
      Buffer.from("<?xml version='1.0' encoding='ISO-8859-1' ?><a>PRODUCCI", 'latin1'),
      Buffer.from([0xd3]),
      Buffer.from('N</a>', 'latin1'),
    ]);
    expect(decodeXmlBytes(bytes)).toContain('<a>PRODUCCIÓN</a>');
  });

  it('reads UTF-8 without a declaration and with a BOM', () => {
    expect(decodeXmlBytes(Buffer.from('<a>Ó</a>', 'utf8'))).toBe('<a>Ó</a>');
    expect(decodeXmlBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<a>Ó</a>')]))).toBe(
      '<a>Ó</a>',
    );
  });

  it('refuses bytes that are not the UTF-8 they claim to be', () => {
    expect(() => decodeXmlBytes(Buffer.from([0x3c, 0x61, 0x3e, 0xd3, 0x3c, 0x2f, 0x61, 0x3e]))).toThrow(
      XmlDecodeError,
    );
  });
});

describe('parseXml', () => {
  it('matches local names whatever the prefix, and decodes references', () => {
    const tree = parseXml(
      '<S:Envelope xmlns:S="x"><S:Body><ns2:r xmlns:ns2="y"><c>&lt;a&gt;&#xD3;&amp;amp;</c></ns2:r></S:Body></S:Envelope>',
    );
    const [name, envelope] = rootElement(tree)!;
    expect(name).toBe('Envelope');
    expect(childText(findFirst(envelope, 'r')!, 'c')).toBe('<a>Ó&amp;');
  });

  it('keeps CDATA as is', () => {
    expect(childText(rootElement(parseXml(`<r><c>${cdata('<x>&amp;</x> ]]> end')}</c></r>`))![1], 'c')).toBe(
      '<x>&amp;</x> ]]> end',
    );
  });

  it('refuses broken XML and DTDs', () => {
    expect(() => parseXml('<a><b></a>')).toThrow(XmlDecodeError);
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toThrow(/DTD/);
  });
});
