import { AppError } from '../../shared/errors.js';
import { sniffFileType } from '../../shared/files.js';

/** decisions.md: a proof of transfer is a PDF, PNG or JPEG of at most 5 MB. */
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = ['application/pdf', 'image/png', 'image/jpeg'] as const;
type ProofType = (typeof ACCEPTED)[number];

/**
 * The file's type from its first bytes (magic numbers), never from its name or the client's
 * Content-Type: a renamed executable is refused, a PDF sent as octet-stream is accepted.
 */
export function detectProofType(data: Buffer): ProofType {
  const type = sniffFileType(data);
  if (!type || !(ACCEPTED as readonly string[]).includes(type))
    throw new AppError('INVALID_FILE_UPLOAD', 'The proof must be a PDF, PNG or JPEG file', {
      errors: [{ path: 'file', message: 'must be a PDF, PNG or JPEG file' }],
    });
  return type as ProofType;
}

/** A file name safe to store and to echo in Content-Disposition. */
export function safeFilename(name: string | undefined, type: ProofType): string {
  const cleaned = (name ?? '')
    .replace(/[^\w.\- ]+/g, '_')
    .slice(0, 120)
    .trim();
  if (cleaned) return cleaned;
  return `proof.${type === 'application/pdf' ? 'pdf' : type === 'image/png' ? 'png' : 'jpg'}`;
}
