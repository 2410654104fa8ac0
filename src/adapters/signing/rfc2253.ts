import forge from 'node-forge';

/**
 * Distinguished names as Java's `X500Principal.getName("RFC2253")` prints them: the most
 * specific RDN first, `,` without spaces, the keywords Java knows (CN, C, L, ST, O, OU, STREET,
 * DC, UID) by name and every other attribute as `<oid>=#<hex of the DER value>`. The tax
 * authority compares ds:X509IssuerName in this form (docs/spec-map.md, SRI §4).
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

// The string types Java writes as text (sun.security.x509.AVA.isDerString, non-canonical);
// any other type (UniversalString included) goes out as hex.
const TEXT_TYPES = new Set([
  forge.asn1.Type.PRINTABLESTRING,
  20, // T61String
  forge.asn1.Type.IA5STRING,
  27, // GeneralString
  forge.asn1.Type.BMPSTRING,
  forge.asn1.Type.UTF8,
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

/** Java decodes the value bytes of every text type as UTF-8 (`new String(value.getDataBytes(), "UTF8")`). */
function decodeText(node: forge.asn1.Asn1): string {
  return Buffer.from(node.value as string, 'binary').toString('utf8');
}

/**
 * Escaping as AVA.toRFC2253String does it: a backslash before every `, = + < > # ; " \`, `\00` for
 * NUL, and a backslash before each leading or trailing space or CR.
 */
function escapeValue(value: string): string {
  const escaped = value.replace(/[,=+<>#;"\\]/g, '\\$&').replaceAll('\0', '\\00');
  return escaped.replace(/^[ \r]+|[ \r]+$/g, (edge) => edge.replace(/[ \r]/g, '\\$&'));
}
