import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_PURPOSES, FILES_MSG, type FilePurpose, type UploadedFile } from '@uplus/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { ByteRange, FileStore } from '../../storage';
import type { Secrets } from '../system/secrets';
import { limitBytes, readHead } from './file-stream';
import {
  detectContentType,
  detectUploadType,
  EXTENSION_OF,
  mayBeCsv,
  needsWholeFile,
  SNIFF_BYTES,
} from './file-type';
import { type FileRow, findFile, findFiles, insertFile } from './files.repo';

export type { FileRow } from './files.repo';

import { parseRange } from './range';

/*
 * Files (issue 12): the calls other areas make. An area keeps a file id on its own rows; it checks an id a
 * user sends with `claimFile` before keeping it, and turns ids into signed addresses with `fileUrls` when
 * it answers. Uploading and serving the bytes are in this area's routes.
 */

/** What signing a file address needs from the app context. */
export type FileUrlContext = {
  db: Db;
  storage: FileStore;
  secrets: Secrets;
  config: Pick<Config, 'storage'>;
  now: () => Date;
};

/** The HMAC purpose of local file addresses (a signature for anything else never fits). */
export const FILE_URL_PURPOSE = 'file-url';

/** The signed data of a local address: the file, its key (a re-used id never fits) and the expiry. */
export const fileUrlData = (file: Pick<FileRow, 'id' | 'storageKey'>, expires: number) =>
  `${file.id}.${file.storageKey}.${expires}`;

/**
 * A signed, expiring address of a file's bytes: the store's own (S3 presigned) or this server's
 * `/api/files/{id}/content?expires=&signature=` (local disk), which answers Range requests.
 */
export const fileUrl = async (ctx: FileUrlContext, file: FileRow): Promise<string> => {
  const ttl = ctx.config.storage.urlTtlSeconds;
  const direct = await ctx.storage.directUrl(file.storageKey, {
    ttlSeconds: ttl,
    contentType: file.contentType,
    downloadName: file.name,
  });
  if (direct) return direct;
  // Rounded up to the next ttl/4 step: one page's addresses stay equal across reloads (the browser caches).
  const step = Math.max(1, Math.floor(ttl / 4));
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const expires = (Math.floor(nowSeconds / step) + 1) * step + ttl - step;
  const signature = ctx.secrets.sign(FILE_URL_PURPOSE, fileUrlData(file, expires));
  return `/api/files/${file.id}/content?expires=${expires}&signature=${signature}`;
};

/** Signed addresses of many files at once, by id; an unknown or null id maps to ''. */
export const fileUrls = async (
  ctx: FileUrlContext,
  ids: readonly (number | null | undefined)[],
): Promise<Map<number, string>> => {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  const rows = await findFiles(ctx.db, wanted);
  const urls = new Map<number, string>();
  for (const row of rows) urls.set(row.id, await fileUrl(ctx, row));
  return urls;
};

/** The signed address of one file by id; '' for none. */
export const fileUrlById = async (ctx: FileUrlContext, id: number | null | undefined): Promise<string> =>
  id == null ? '' : ((await fileUrls(ctx, [id])).get(id) ?? '');

/** A file's row by id (for an area that keeps the id: its type, size and key), null for none. */
export const fileById = (db: Db, id: number): Promise<FileRow | null> => findFile(db, id);

/** Files' rows by ids (unknown ones left out). */
export const filesByIds = (db: Db, ids: readonly number[]): Promise<FileRow[]> => findFiles(db, ids);

/** A file as the browser sees it (id, name, type, size, signed address). */
export const describeFile = async (ctx: FileUrlContext, file: FileRow): Promise<UploadedFile> => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  size: file.size,
  url: await fileUrl(ctx, file),
});

/** A file as the browser sees it, by id; null for none or an unknown id. */
export const describeFileById = async (
  ctx: FileUrlContext,
  id: number | null | undefined,
): Promise<UploadedFile | null> => {
  const file = id == null ? null : await findFile(ctx.db, id);
  return file ? describeFile(ctx, file) : null;
};

/**
 * Checks that `userId` uploaded file `fileId` for `purpose` (one of `purposes`) before an area keeps its id:
 * 400 文件不存在或无权使用 otherwise, so nobody attaches another user's upload.
 */
export const claimFile = async (opts: {
  db: Db;
  userId: number;
  fileId: number;
  purposes: readonly FilePurpose[];
}): Promise<FileRow> => {
  const file = await findFile(opts.db, opts.fileId);
  if (!file || file.ownerId !== opts.userId || !opts.purposes.includes(file.purpose as FilePurpose)) {
    throw AppError.badRequest(FILES_MSG.notUsable);
  }
  return file;
};

/** All of a (size-limited) stream's bytes. */
const readLimited = async (stream: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** What receiving an upload needs from the app context. */
export type UploadContext = FileUrlContext;

/** Where a new upload's bytes go: `<purpose>/<yyyy>/<mm>/<24 random bytes, base64url><.ext>`. */
export const newStorageKey = (purpose: FilePurpose, contentType: string, now: Date): string => {
  const year = String(now.getUTCFullYear());
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${purpose}/${year}/${month}/${randomBytes(24).toString('base64url')}${EXTENSION_OF[contentType] ?? ''}`;
};

/** A name fit to keep and show: no path, no control characters, at most 200 characters. */
export const cleanFileName = (name: string | undefined): string => {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return [...(clean || 'file')].slice(0, 200).join('');
};

/**
 * Receives one uploaded file for `purpose`: checks its type from the first bytes (400 文件类型不正确), streams
 * it into the store while counting (413 at more than the purpose allows, nothing left behind), keeps its
 * row (owned by the uploader) and answers its description with a signed address.
 */
export const receiveUpload = async (
  ctx: UploadContext,
  opts: { userId: number; purpose: FilePurpose; upload: { stream: Readable; filename: string } | undefined },
): Promise<UploadedFile> => {
  const { upload, purpose } = opts;
  if (!upload) throw AppError.badRequest(FILES_MSG.required);
  const rule = FILE_PURPOSES[purpose];
  const { stream } = upload;
  try {
    const head = await readHead(stream, SNIFF_BYTES);
    if (head.length === 0) throw AppError.badRequest(FILES_MSG.required);
    const tooLarge = () => new AppError(413, FILES_MSG.tooLarge(rule.maxBytes));
    // OLE2 and zip containers (Office files, issue 14) are told apart only from the whole file, and so is
    // CSV text (issue 16, only for a purpose allowing it): read it (at most the purpose's size) before deciding
    const typeOpts = { name: upload.filename ?? '', types: rule.types };
    const whole =
      needsWholeFile(head) || mayBeCsv(head, typeOpts)
        ? await readLimited(limitBytes(stream, head, rule.maxBytes, tooLarge).body)
        : null;
    const contentType = whole ? detectUploadType(whole, typeOpts) : detectContentType(head);
    if (!contentType || !(rule.types as readonly string[]).includes(contentType)) {
      throw AppError.badRequest(FILES_MSG.badType(rule.label));
    }
    const key = newStorageKey(purpose, contentType, ctx.now());
    const limited = whole
      ? { body: whole, count: () => whole.length }
      : limitBytes(stream, head, rule.maxBytes, tooLarge);
    const { size } = await ctx.storage.put(key, limited.body, contentType);
    try {
      const row = await insertFile(ctx.db, {
        storageKey: key,
        ownerId: opts.userId,
        purpose,
        name: cleanFileName(upload.filename),
        contentType,
        size: limited.count() || size,
      });
      return await describeFile(ctx, row);
    } catch (error) {
      await ctx.storage.delete(key).catch(() => {});
      throw error;
    }
  } finally {
    // whatever was not read (a refused file) is thrown away, so the request can finish
    stream.on('error', () => {});
    if (!stream.destroyed) stream.resume();
  }
};

/**
 * Keeps bytes the server already has (the demo seed's video and seal, a file an area makes itself) as a file
 * of `ownerId` for `purpose`, with the same checks as an upload (type from the bytes, the purpose's size).
 */
export const storeFileBytes = async (
  ctx: Pick<FileUrlContext, 'db' | 'storage' | 'now'>,
  opts: { ownerId: number; purpose: FilePurpose; name: string; bytes: Buffer },
): Promise<FileRow> => {
  const rule = FILE_PURPOSES[opts.purpose];
  if (opts.bytes.length === 0) throw AppError.badRequest(FILES_MSG.required);
  const contentType = detectUploadType(opts.bytes, { name: opts.name, types: rule.types });
  if (!contentType || !(rule.types as readonly string[]).includes(contentType)) {
    throw AppError.badRequest(FILES_MSG.badType(rule.label));
  }
  if (opts.bytes.length > rule.maxBytes) throw new AppError(413, FILES_MSG.tooLarge(rule.maxBytes));
  const key = newStorageKey(opts.purpose, contentType, ctx.now());
  await ctx.storage.put(key, opts.bytes, contentType);
  try {
    return await insertFile(ctx.db, {
      storageKey: key,
      ownerId: opts.ownerId,
      purpose: opts.purpose,
      name: cleanFileName(opts.name),
      contentType,
      size: opts.bytes.length,
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => {});
    throw error;
  }
};

/** A signed address's file, checked: 403 链接无效或已过期 for an altered, expired or unknown one alike. */
export const verifiedFile = async (
  ctx: Pick<FileUrlContext, 'db' | 'secrets' | 'now'>,
  opts: { id: string; expires: string | undefined; signature: string | undefined },
): Promise<FileRow & { expires: number }> => {
  const refuse = () => AppError.forbidden(FILES_MSG.badLink);
  const id = Number(opts.id);
  const expires = Number(opts.expires);
  if (!/^\d{1,15}$/.test(opts.id) || !Number.isSafeInteger(id)) throw refuse();
  if (!opts.expires || !/^\d{1,15}$/.test(opts.expires) || !opts.signature) throw refuse();
  if (expires * 1000 <= ctx.now().getTime()) throw refuse();
  const file = await findFile(ctx.db, id);
  if (!file || !ctx.secrets.verify(FILE_URL_PURPOSE, fileUrlData(file, expires), opts.signature))
    throw refuse();
  return { ...file, expires };
};

/** The bytes to answer a content request with: the whole file or one range, or 416. */
export type FileContent =
  | { kind: 'whole'; body: Readable; size: number }
  | { kind: 'partial'; body: Readable; size: number; range: ByteRange }
  | { kind: 'unsatisfiable'; size: number };

/** Opens a verified file's bytes for a `Range` header (or none). A row without bytes is 403 as well. */
export const openContent = async (
  ctx: Pick<FileUrlContext, 'storage'>,
  file: FileRow,
  rangeHeader: string | undefined,
): Promise<FileContent> => {
  const answer = parseRange(rangeHeader, file.size);
  if (answer.kind === 'unsatisfiable') return { kind: 'unsatisfiable', size: file.size };
  const range = answer.kind === 'partial' ? answer.range : undefined;
  const stored = await ctx.storage.get(file.storageKey, range);
  if (!stored) throw AppError.forbidden(FILES_MSG.badLink);
  return range
    ? { kind: 'partial', body: stored.body, size: stored.size, range }
    : { kind: 'whole', body: stored.body, size: stored.size };
};
