import forge from 'node-forge';

/**
 * Distinguished names as Java's `X500Principal.getName("RFC2253")` prints them: the most
 * specific RDN first, `,` without spaces, the keywords Java knows (CN, C, L, ST, O, OU, STREET,
 * DC, UID) by name and every other attribute as `<oid>=#<hex of the DER value>`. The tax
 * authority compares ds:X509IssuerName in this form (REFERENCE.md §4).
 */
const JAVA_KEYWORDS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.9': 'STREET',
  '0.9.2342.19200300.100.1.25': 'DC',
  '0.9.2342.19200300.100.1.1': 'UID',
};

// Java emits these string types as text; any other type goes out as hex.
const TEXT_TYPES = new Set([
  forge.asn1.Type.UTF8,
  forge.asn1.Type.PRINTABLESTRING,
  forge.asn1.Type.IA5STRING,
  20, // T61String
  forge.asn1.Type.BMPSTRING,
  28, // UniversalString
]);

export function javaRfc2253Name(certDer: Buffer, which: 'issuer' | 'subject'): string {
  const cert = forge.asn1.fromDer(forge.util.createBuffer(certDer.toString('binary')));
  const tbs = (cert.value as forge.asn1.Asn1[])[0]!;
  const fields = tbs.value as forge.asn1.Asn1[];
  // tbsCertificate: [0] version (explicit, optional), serial, signature, issuer, validity, subject
  const offset = fields[0]!.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC ? 1 : 0;
  const name = fields[offset + (which === 'issuer' ? 2 : 4)]!;
  const rdns = (name.value as forge.asn1.Asn1[]).map((set) =>
    (set.value as forge.asn1.Asn1[])
      .map((atv) => {
        const [oidNode, valueNode] = atv.value as forge.asn1.Asn1[];
        const oid = forge.asn1.derToOid(oidNode!.value as string);
        const keyword = JAVA_KEYWORDS[oid];
        if (keyword && TEXT_TYPES.has(valueNode!.type))
          return `${keyword}=${escapeValue(decodeText(valueNode!))}`;
        const hex = forge.util.bytesToHex(forge.asn1.toDer(valueNode!).getBytes());
        return `${keyword ?? oid}=#${hex}`;
      })
      .join('+'),
  );
  return rdns.reverse().join(',');
}

function decodeText(node: forge.asn1.Asn1): string {
  const raw = node.value as string;
  if (node.type === forge.asn1.Type.UTF8) return forge.util.decodeUtf8(raw);
  if (node.type === forge.asn1.Type.BMPSTRING) {
    let out = '';
    for (let i = 0; i + 1 < raw.length; i += 2)
      out += String.fromCharCode((raw.charCodeAt(i) << 8) | raw.charCodeAt(i + 1));
    return out;
  }
  return raw;
}

/** RFC 2253 §2.4 escaping, as Java applies it. */
function escapeValue(value: string): string {
  let out = value.replace(/([,+"\\<>;])/g, '\\$1');
  if (out.startsWith('#') || out.startsWith(' ')) out = `\\${out}`;
  if (out.endsWith(' ') && out.length > 1) out = `${out.slice(0, -1)}\\ `;
  return out;
}
