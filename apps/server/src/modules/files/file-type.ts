import { CSV_TYPE } from '@uplus/shared';

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
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  return null;
};

/** OLE2 compound file (Word 97-2003 .doc, but also .xls, .ppt, .msi...). */
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
/** A zip archive's local file header (OOXML .docx, but also .xlsx, .jar, any zip). */
const ZIP_LOCAL = [0x50, 0x4b, 0x03, 0x04];
const ZIP_CENTRAL = [0x50, 0x4b, 0x01, 0x02];
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');
const DOCX_PART = Buffer.from('word/document.xml');
/** OLE2 streams of Excel 97-2003 (Workbook; Book for Excel 5) and PowerPoint 97-2003 (issue 14 offers) */
const OLE2_STREAMS: readonly [string, string][] = [
  ['Workbook', 'application/vnd.ms-excel'],
  ['Book', 'application/vnd.ms-excel'],
  ['PowerPoint Document', 'application/vnd.ms-powerpoint'],
];
/** OOXML main parts of Excel and PowerPoint 2007+ */
const OOXML_PARTS: readonly [string, string][] = [
  ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
];

/**
 * Whether an OLE2 file holds a `WordDocument` stream: a directory entry (128 bytes, always at a multiple of
 * 128 from the start since sectors are 512 or 4096 bytes after a 512-byte header) whose UTF-16 name is it,
 * its name length field (offset 0x40) 26 (12 characters and the terminator) and its type (0x42) a stream.
 */
const isWordOle2 = (bytes: Buffer, stream = WORD_STREAM) => {
  const nameLength = stream.length + 2;
  for (let at = bytes.indexOf(stream); at >= 0; at = bytes.indexOf(stream, at + 1)) {
    if (at % 128 === 0 && at >= 512 && bytes.readUInt16LE(at + 0x40) === nameLength && bytes[at + 0x42] === 2)
      return true;
  }
  return false;
};

/**
 * Whether a zip archive has a `word/document.xml` entry: its name right after a local file header (30 bytes,
 * name length at 26) or a central directory header (46 bytes, name length at 28).
 */
const isDocxZip = (bytes: Buffer, part = DOCX_PART) => {
  for (let at = bytes.indexOf(part); at >= 0; at = bytes.indexOf(part, at + 1)) {
    const local = at - 30;
    if (local >= 0 && startsWith(bytes, ZIP_LOCAL, local) && bytes.readUInt16LE(local + 26) === part.length)
      return true;
    const central = at - 46;
    if (
      central >= 0 &&
      startsWith(bytes, ZIP_CENTRAL, central) &&
      bytes.readUInt16LE(central + 28) === part.length
    )
      return true;
  }
  return false;
};

/**
 * The content type of a whole file (documents need more than their first bytes): PDF from its header, a Word
 * .doc as an OLE2 file with a WordDocument stream, a .docx as a zip with word/document.xml (an Excel file or
 * any other zip is none of them); otherwise as `detectContentType`.
 */
export const detectFileType = (bytes: Buffer): string | null => {
  if (startsWith(bytes, OLE2)) {
    if (isWordOle2(bytes)) return 'application/msword';
    const found = OLE2_STREAMS.find(([name]) => isWordOle2(bytes, Buffer.from(name, 'utf16le')));
    return found ? found[1] : null;
  }
  if (startsWith(bytes, ZIP_LOCAL)) {
    if (isDocxZip(bytes)) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const found = OOXML_PARTS.find(([part]) => isDocxZip(bytes, Buffer.from(part)));
    return found ? found[1] : null;
  }
  return detectContentType(bytes.subarray(0, SNIFF_BYTES));
};

/** Whether a file's first bytes need the whole file to be told apart (OLE2 and zip containers). */
export const needsWholeFile = (head: Buffer): boolean =>
  startsWith(head, OLE2) || startsWith(head, ZIP_LOCAL);

/** The file name ending a stored key gets for each detected type. */
export const EXTENSION_OF: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'application/pdf': '.pdf',
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'application/vnd.ms-excel': '.xls',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
  'application/vnd.ms-powerpoint': '.ppt',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': '.pptx',
  [CSV_TYPE]: '.csv',
};

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Whether bytes are text: no NUL nor other control characters but tab, line breaks, form feed and the old
 * end-of-file mark (0x1a), and valid UTF-8 (a BOM allowed) or else valid GB18030 (what Excel in a Chinese
 * Windows saves a CSV as).
 */
export const isPlainText = (bytes: Buffer): boolean => {
  for (const byte of bytes) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a)
      return false;
    if (byte === 0x7f) return false;
  }
  const body = startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes;
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      new TextDecoder(encoding, { fatal: true }).decode(body);
      return true;
    } catch {
      // not this encoding
    }
  }
  return false;
};

/**
 * Whether an upload may be CSV text: only for a purpose that allows text/csv, a name ending .csv, and first
 * bytes that are no known binary type (the whole file is then read and checked by `detectUploadType`).
 */
export const mayBeCsv = (head: Buffer, opts: { name: string; types: readonly string[] }): boolean =>
  opts.types.includes(CSV_TYPE) && /\.csv$/i.test(opts.name.trim()) && detectContentType(head) === null;

/**
 * The content type of a whole upload for a purpose allowing `types`: `detectFileType`, and CSV text when the
 * purpose allows text/csv, the name ends .csv and the bytes are text (CSV has no magic bytes of its own).
 */
export const detectUploadType = (
  bytes: Buffer,
  opts: { name: string; types: readonly string[] },
): string | null =>
  detectFileType(bytes) ??
  (mayBeCsv(bytes.subarray(0, SNIFF_BYTES), opts) && !needsWholeFile(bytes) && isPlainText(bytes)
    ? CSV_TYPE
    : null);

/**
 * Whether a file is an Office 2007+ document saved with a password: Office then wraps the encrypted package in
 * an OLE2 file with an `EncryptedPackage` stream (it is no zip any more, so no OOXML type is detected).
 */
export const isEncryptedOoxml = (bytes: Buffer): boolean =>
  startsWith(bytes, OLE2) && isWordOle2(bytes, Buffer.from('EncryptedPackage', 'utf16le'));
