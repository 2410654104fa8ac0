import { parseReceivedDocument } from './received-parser.js';
import { ReceivedDocumentError, type ReceivedDocumentErrorCode } from './received-sections.js';
import { verifyXadesSignature } from './xades-verify.js';

/**
 * The signature of a received document, in any shape parseReceivedDocument accepts, checked with
 * the verifier the simulator uses for error 39 (xades-verify.ts). A portal wrapper is not always
 * byte-identical to what was signed (the Favorita invoice, REFERENCE §4), so a failure here is a
 * reason to rely on the tax authority's answer by key, which is the proof that counts.
 */
export type ReceivedSignatureCheck =
  | { valid: true; accessKey: string; signerSubject: string; signerSerial: string }
  | { valid: false; code: 'BAD_SIGNATURE'; accessKey: string; detail: string }
  | { valid: false; code: ReceivedDocumentErrorCode; accessKey: null; detail: string };

export function verifyReceivedSignature(input: string | Uint8Array): ReceivedSignatureCheck {
  let signedXml: string;
  let accessKey: string;
  try {
    ({ signedXml, accessKey } = parseReceivedDocument(input));
  } catch (e) {
    if (!(e instanceof ReceivedDocumentError)) throw e;
    return { valid: false, code: e.code, accessKey: null, detail: e.message };
  }
  const verdict = verifyXadesSignature(signedXml);
  if (!verdict.valid) return { valid: false, code: 'BAD_SIGNATURE', accessKey, detail: verdict.detail };
  return {
    valid: true,
    accessKey,
    signerSubject: verdict.certificate.subject,
    signerSerial: verdict.certificate.serialNumber,
  };
}
