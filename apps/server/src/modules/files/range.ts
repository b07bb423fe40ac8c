import type { ByteRange } from '../../storage';

/*
 * HTTP Range (RFC 9110 section 14): one range of bytes. Several ranges (multipart/byteranges) are not
 * served: the whole file is sent instead, which the RFC allows, as it allows ignoring a malformed header.
 */

export type RangeAnswer =
  /** no (usable) Range header: send the whole file */
  | { kind: 'whole' }
  /** send these bytes (206) */
  | { kind: 'partial'; range: ByteRange }
  /** 416: none of the asked bytes exist */
  | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

/** What to send for a `Range` header over a file of `size` bytes. */
export const parseRange = (header: string | undefined, size: number): RangeAnswer => {
  if (!header) return { kind: 'whole' };
  const match = SINGLE.exec(header.trim().replace(/\s+/g, ''));
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // suffix: the last N bytes
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', range: { start, end } };
};
