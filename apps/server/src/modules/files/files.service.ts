import { FILES_MSG, type FilePurpose, type UploadedFile } from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { AppContext } from '../../http/context';
import { type FileRow, findFile, findFiles } from './files.repo';

/*
 * Files (issue 12): the calls other areas make. An area keeps a file id on its own rows; it checks an id a
 * user sends with `claimFile` before keeping it, and turns ids into signed addresses with `fileUrls` when
 * it answers. Uploading and serving the bytes are in this area's routes.
 */

/** What signing a file address needs from the app context. */
export type FileUrlContext = Pick<AppContext, 'db' | 'storage' | 'secrets' | 'config' | 'now'>;

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

/** A file as the browser sees it (id, name, type, size, signed address). */
export const describeFile = async (ctx: FileUrlContext, file: FileRow): Promise<UploadedFile> => ({
  id: file.id,
  name: file.name,
  contentType: file.contentType,
  size: file.size,
  url: await fileUrl(ctx, file),
});

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
