import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * AES-256-GCM envelope for secrets at rest (certificates, their passwords, webhook secrets).
 * Layout: version byte 1 | 12-byte IV | 16-byte tag | ciphertext.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('MASTER_KEY must be 32 bytes');
    this.key = masterKey;
  }

  seal(plain: Buffer | string, aad = ''): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    if (aad) cipher.setAAD(Buffer.from(aad));
    const body = Buffer.concat([
      cipher.update(typeof plain === 'string' ? Buffer.from(plain) : plain),
      cipher.final(),
    ]);
    return Buffer.concat([Buffer.from([1]), iv, cipher.getAuthTag(), body]);
  }

  open(sealed: Buffer, aad = ''): Buffer {
    if (sealed.length < 29 || sealed[0] !== 1) throw new Error('Unknown secret envelope');
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(1, 13));
    if (aad) decipher.setAAD(Buffer.from(aad));
    decipher.setAuthTag(sealed.subarray(13, 29));
    return Buffer.concat([decipher.update(sealed.subarray(29)), decipher.final()]);
  }

  openString(sealed: Buffer, aad = ''): string {
    return this.open(sealed, aad).toString('utf8');
  }
}

export function sha256Hex(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomBase62(length: number): string {
  const out: string[] = [];
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 62 * 4 = 248: reject bytes >= 248 to stay unbiased
      if (byte < 248 && out.length < length) out.push(BASE62[byte % 62]!);
    }
  }
  return out.join('');
}

export function constantTimeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}
