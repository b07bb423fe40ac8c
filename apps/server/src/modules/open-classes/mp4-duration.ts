import type { Readable } from 'node:stream';
import type { FileStore } from '../../storage';

/*
 * The length of an MP4 video read from the stored file itself (the movie header 'mvhd' inside 'moov'), so a
 * video course's length does not rest on what the browser reported. The top-level boxes are walked with range
 * reads (moov may sit at the end of a file that was not made "fast start"); moov is read whole up to 64 MB.
 */

const MAX_MOOV_BYTES = 64 * 1024 * 1024;

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

const readRange = async (store: FileStore, key: string, start: number, end: number) => {
  const object = await store.get(key, { start, end });
  return object ? readAll(object.body) : null;
};

/** The duration (seconds) in an 'mvhd' box's payload, or null. */
export const mvhdSeconds = (payload: Buffer): number | null => {
  const version = payload[0];
  if (version === 1 && payload.length >= 32) {
    const timescale = payload.readUInt32BE(20);
    const duration = Number(payload.readBigUInt64BE(24));
    return timescale > 0 ? duration / timescale : null;
  }
  if (version === 0 && payload.length >= 20) {
    const timescale = payload.readUInt32BE(12);
    const duration = payload.readUInt32BE(16);
    return timescale > 0 ? duration / timescale : null;
  }
  return null;
};

/** Finds a child box in a buffer of boxes; its payload (after the header). */
const childBox = (buffer: Buffer, type: string): Buffer | null => {
  let at = 0;
  while (at + 8 <= buffer.length) {
    let size = buffer.readUInt32BE(at);
    const name = buffer.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1 && at + 16 <= buffer.length) {
      size = Number(buffer.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = buffer.length - at;
    if (size < header) return null;
    if (name === type) return buffer.subarray(at + header, Math.min(buffer.length, at + size));
    at += size;
  }
  return null;
};

/** The MP4's length in seconds (rounded to a tenth), or null when it is not an MP4 the walk can read. */
export const mp4DurationSeconds = async (
  store: FileStore,
  key: string,
  size: number,
): Promise<number | null> => {
  let at = 0;
  for (let boxes = 0; at + 8 <= size && boxes < 64; boxes++) {
    const head = await readRange(store, key, at, Math.min(size - 1, at + 15));
    if (!head || head.length < 8) return null;
    let boxSize = head.readUInt32BE(0);
    const name = head.toString('latin1', 4, 8);
    let header = 8;
    if (boxSize === 1 && head.length >= 16) {
      boxSize = Number(head.readBigUInt64BE(8));
      header = 16;
    } else if (boxSize === 0) boxSize = size - at;
    if (boxSize < header) return null;
    if (name === 'moov') {
      if (boxSize > MAX_MOOV_BYTES) return null;
      const moov = await readRange(store, key, at + header, Math.min(size, at + boxSize) - 1);
      const mvhd = moov ? childBox(moov, 'mvhd') : null;
      const seconds = mvhd ? mvhdSeconds(mvhd) : null;
      return seconds != null && Number.isFinite(seconds) && seconds > 0
        ? Math.round(seconds * 10) / 10
        : null;
    }
    at += boxSize;
  }
  return null;
};
