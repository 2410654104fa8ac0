/** Image and document types recognised by their first bytes, not by the client's claim. */
export type SniffedType = 'image/png' | 'image/jpeg' | 'image/gif' | 'application/pdf';

export function sniffFileType(data: Buffer): SniffedType | null {
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.length >= 6 &&
    (data.subarray(0, 6).toString('latin1') === 'GIF87a' ||
      data.subarray(0, 6).toString('latin1') === 'GIF89a')
  )
    return 'image/gif';
  if (data.length >= 5 && data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** A file of a multipart request, read into memory (src/http/multipart.ts). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}
