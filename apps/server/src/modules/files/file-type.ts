/*
 * What a file is, from its first bytes (never from its name or the type the browser claims): a text file
 * renamed .png is not a PNG. Only the types some upload purpose allows are known here.
 */

/** Bytes enough to tell every known type apart. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((byte, i) => head[offset + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The content type of a file starting with `head`, or null when it is none of the known ones. */
export const detectContentType = (head: Buffer): string | null => {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  // ISO base media (MP4, M4V): a box of type 'ftyp' first, its size in bytes 0-3
  if (startsWith(head, ascii('ftyp'), 4)) return 'video/mp4';
  // EBML (WebM and Matroska)
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  return null;
};

/** The file name ending a stored key gets for each detected type. */
export const EXTENSION_OF: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
};
