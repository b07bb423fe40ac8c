import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_PURPOSES, FILES_BASE, FILES_MSG, type FilePurpose } from '@uplus/shared';
import { AppError } from '../../core/errors';
import { limitBytes } from './file-stream';
import { detectFileType } from './file-type';
import { deleteFileRow, type FileRow, findFileByKey, insertFile } from './files.repo';
import { cleanFileName, type UploadContext } from './files.service';

/*
 * Direct uploads (issue 13): the browser PUTs a file straight to a signed address instead of through a
 * multipart POST, then an area claims it. Two signed tokens, each under its own HMAC purpose so that neither
 * fits the other's place nor a file address:
 * - the PUT address: an S3 presigned PUT, or on local disk `PUT /api/files/direct/{token}` (this server
 *   streams it into the store and stops at the purpose's size). Expires after UPLOAD_TTL_SECONDS.
 * - the claim reference (`fileUrl`): names the key, the user it was issued to and the purpose. Claiming
 *   checks all three, then the bytes: type from the content, size from the store. A refused object is
 *   removed; a claimed key is claimed once (its files row).
 * Objects uploaded and never claimed stay in the store (under `<purpose>/direct/…`): a sweeper could remove
 * the ones older than a day that no files row names.
 */

/** HMAC purpose of the PUT token (local disk). */
export const DIRECT_UPLOAD_PURPOSE = 'direct-upload';
/** HMAC purpose of the claim reference. */
export const UPLOAD_CLAIM_PURPOSE = 'upload-claim';
/** How long the PUT address may be started (the upload itself may then take up to an hour). */
export const UPLOAD_TTL_SECONDS = 15 * 60;
/** How long after issue the claim reference is honoured: the PUT's start window and its hour. */
export const CLAIM_TTL_SECONDS = UPLOAD_TTL_SECONDS + 3600 + 5 * 60;

/** A token's data: the random part of the key, the purpose, the user it was issued to, its expiry (s). */
type TokenData = { r: string; p: FilePurpose; u: number; e: number };

/** Signatures are cut to 128 bits: enough against forgery, and the PUT address stays short. */
const SIGNATURE_CHARS = 22;

/** `r.p.u.e.signature` (short: a path parameter of at most 100 characters). */
const encodeToken = (ctx: Pick<UploadContext, 'secrets'>, purpose: string, data: TokenData) => {
  const body = `${data.r}.${data.p}.${data.u}.${data.e}`;
  return `${body}.${ctx.secrets.sign(purpose, body).slice(0, SIGNATURE_CHARS)}`;
};

/** The data of a token signed for `purpose` and not expired; null for anything else. */
const decodeToken = (
  ctx: Pick<UploadContext, 'secrets' | 'now'>,
  purpose: string,
  token: string,
): TokenData | null => {
  const match = /^([\w-]{24})\.([A-Za-z]{1,40})\.(\d{1,15})\.(\d{1,15})\.([\w-]{22})$/.exec(token);
  if (!match) return null;
  const [, r, p, u, e, signature] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(ctx.secrets.sign(purpose, `${r}.${p}.${u}.${e}`).slice(0, SIGNATURE_CHARS));
  if (!timingSafeEqual(expected, Buffer.from(signature))) return null;
  if (!(p in FILE_PURPOSES) || Number(e) * 1000 <= ctx.now().getTime()) return null;
  return { r, p: p as FilePurpose, u: Number(u), e: Number(e) };
};

/** Where a direct upload's bytes go: `<purpose>/direct/<18 random bytes>` (the type is known only later). */
export const directKey = (data: Pick<TokenData, 'p' | 'r'>) => `${data.p}/direct/${data.r}`;

/** What the browser gets: where to PUT (with which headers) and what to claim afterwards. */
export type DirectUploadTicket = { signedUrl: string; headers: Record<string, string>; claim: string };

/**
 * Issues a direct upload of one file of `purpose` to `userId`, expected to be `contentType` (from the
 * name; the bytes are checked when claimed) and, when the browser said so, `size` bytes (an S3 store then
 * takes exactly that length: a presigned PUT cannot cap a size otherwise).
 */
export const issueDirectUpload = async (
  ctx: UploadContext,
  opts: { userId: number; purpose: FilePurpose; contentType: string; size?: number },
): Promise<DirectUploadTicket> => {
  const base = { r: randomBytes(18).toString('base64url'), p: opts.purpose, u: opts.userId };
  const key = directKey(base);
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const claim = encodeToken(ctx, UPLOAD_CLAIM_PURPOSE, { ...base, e: nowSeconds + CLAIM_TTL_SECONDS });
  const direct = await ctx.storage.uploadUrl(key, {
    ttlSeconds: UPLOAD_TTL_SECONDS,
    contentType: opts.contentType,
    contentLength: opts.size,
  });
  if (direct) return { signedUrl: direct.url, headers: direct.headers, claim };
  const token = encodeToken(ctx, DIRECT_UPLOAD_PURPOSE, { ...base, e: nowSeconds + UPLOAD_TTL_SECONDS });
  return {
    signedUrl: `${FILES_BASE}/direct/${token}`,
    headers: { 'Content-Type': opts.contentType },
    claim,
  };
};

/**
 * Receives the PUT of a direct upload on local disk: 403 文件链接无效或已过期 for an altered, expired or
 * already used token; 413 as soon as more than the purpose allows arrives (Content-Length first), nothing
 * left behind. The type is checked when the upload is claimed.
 */
export const receiveDirectUpload = async (
  ctx: UploadContext,
  opts: { token: string; body: Readable; contentLength: number | undefined },
): Promise<{ size: number }> => {
  const { body } = opts;
  try {
    const data = decodeToken(ctx, DIRECT_UPLOAD_PURPOSE, opts.token);
    if (!data) throw AppError.forbidden(FILES_MSG.badLink);
    const rule = FILE_PURPOSES[data.p];
    const tooLarge = () => new AppError(413, FILES_MSG.tooLarge(rule.maxBytes));
    if (opts.contentLength !== undefined && opts.contentLength > rule.maxBytes) throw tooLarge();
    // one upload per token: a second PUT (a replay, or a swap after the first was checked) is refused
    const existing = await ctx.storage.get(directKey(data), { start: 0, end: 0 });
    if (existing) {
      existing.body.destroy();
      throw AppError.forbidden(FILES_MSG.badLink);
    }
    const limited = limitBytes(body, Buffer.alloc(0), rule.maxBytes, tooLarge);
    const stored = await ctx.storage.put(directKey(data), limited.body, 'application/octet-stream');
    if (stored.size === 0) {
      await ctx.storage.delete(directKey(data));
      throw AppError.badRequest(FILES_MSG.required);
    }
    return stored;
  } finally {
    body.on('error', () => {});
    if (!body.destroyed) body.resume();
  }
};

const readAll = async (body: Readable, max: number): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += piece.length;
    if (length > max) {
      body.destroy();
      break;
    }
    chunks.push(piece);
  }
  return Buffer.concat(chunks);
};

/** Messages of a refused claim (an area speaks its own spec's words). */
export type ClaimMessages = { badRef: string; missing: string; badType: string; tooLarge: string };

/**
 * Claims a direct upload for `userId`: the reference must be one issued to this user for `purpose`, not
 * expired and not claimed yet (400 `badRef`; the object is left alone, it may be someone else's); the
 * object must exist (400 `missing`), be at most the purpose's size (400 `tooLarge`) and be one of its types
 * by its bytes (400 `badType`), else it is removed. Answers the new files row, owned by `userId`.
 */
export const claimDirectUpload = async (
  ctx: UploadContext,
  opts: { userId: number; purpose: FilePurpose; ref: string; name: string; messages: ClaimMessages },
): Promise<FileRow> => {
  const { messages } = opts;
  const data = decodeToken(ctx, UPLOAD_CLAIM_PURPOSE, opts.ref);
  if (!data || data.u !== opts.userId || data.p !== opts.purpose) throw AppError.badRequest(messages.badRef);
  if (await findFileByKey(ctx.db, directKey(data))) throw AppError.badRequest(messages.badRef);
  const rule = FILE_PURPOSES[data.p];
  const refuse = async (message: string) => {
    await ctx.storage.delete(directKey(data)).catch(() => {});
    return AppError.badRequest(message);
  };
  const stored = await ctx.storage.get(directKey(data));
  if (!stored) throw AppError.badRequest(messages.missing);
  if (stored.size > rule.maxBytes) {
    stored.body.destroy();
    throw await refuse(messages.tooLarge);
  }
  const bytes = await readAll(stored.body, rule.maxBytes);
  if (bytes.length > rule.maxBytes) throw await refuse(messages.tooLarge);
  if (bytes.length === 0) throw await refuse(messages.missing);
  const contentType = detectFileType(bytes);
  if (!contentType || !(rule.types as readonly string[]).includes(contentType)) {
    throw await refuse(messages.badType);
  }
  try {
    return await insertFile(ctx.db, {
      storageKey: directKey(data),
      ownerId: opts.userId,
      purpose: opts.purpose,
      name: cleanFileName(opts.name),
      contentType,
      size: bytes.length,
    });
  } catch (error) {
    // a second claim of the same key at the same moment: the unique key refused it; the first one keeps it
    if (await findFileByKey(ctx.db, directKey(data))) throw AppError.badRequest(messages.badRef);
    throw error;
  }
};

/** Removes a file: its row, then its bytes (a failure there leaves an orphan object, not a broken row). */
export const removeFile = async (ctx: Pick<UploadContext, 'db' | 'storage'>, id: number): Promise<void> => {
  const row = await deleteFileRow(ctx.db, id);
  if (row) await ctx.storage.delete(row.storageKey).catch(() => {});
};
