import type { Readable } from 'node:stream';

/*
 * One interface over where uploaded bytes live (ARCHITECTURE.md "files"): local disk by default, any
 * S3-compatible store when S3_BUCKET is set. Keys are opaque paths the files area makes (never user input).
 * Who may read a file, and for how long, is the files area's business: this layer only keeps bytes.
 */

/** A byte range, both ends inclusive (HTTP `Range: bytes=start-end`). */
export type ByteRange = { start: number; end: number };

export type StoredObject = {
  /** the bytes (of the range, when one was asked) */
  body: Readable;
  /** the whole object's size */
  size: number;
};

export type FileStore = {
  /** 'local' or 's3' (logged at start, shown in the README's configuration section) */
  readonly kind: 'local' | 's3';
  /** Writes the object whole; a half-written object is never visible under `key`. */
  put: (key: string, body: Readable | Buffer, contentType: string) => Promise<{ size: number }>;
  /** Reads the object (or a range of it); null when there is no such object. */
  get: (key: string, range?: ByteRange) => Promise<StoredObject | null>;
  /** Removes the object; removing a missing one is not an error. */
  delete: (key: string) => Promise<void>;
  /**
   * An address the browser can fetch the object from directly (an S3 presigned GET, which honours Range),
   * valid for `ttlSeconds`; null when the store has none (local disk: the files area serves and signs it).
   */
  directUrl: (
    key: string,
    opts: { ttlSeconds: number; contentType: string; downloadName?: string },
  ) => Promise<string | null>;
  /**
   * An address the browser can PUT the object's bytes to directly (an S3 presigned PUT), valid for
   * `ttlSeconds`, with the headers the PUT must carry (the signature covers them, and the length when
   * `contentLength` is given: the store then refuses any other size); null when the store has none (local
   * disk: the files area signs its own upload route).
   */
  uploadUrl: (
    key: string,
    opts: { ttlSeconds: number; contentType: string; contentLength?: number },
  ) => Promise<{ url: string; headers: Record<string, string> } | null>;
};
