import type { Readable } from 'node:stream';
import {
  ATTACHED_MSG,
  ATTACHED_TICKETS_PER_HOUR,
  type AttachedExtension,
  type AttachedPreview,
  type AttachedResume,
  attachedExtensionOf,
  type CreateAttachedBody,
  DOCUMENT_TYPES,
  firstAttachedNameError,
  type ObsUploadQuery,
  RESUME_LIMITS,
  RESUME_MSG,
  type UploadTicket,
} from '@uplus/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../core/errors';
import { claimDirectUpload, issueDirectUpload, removeFile } from '../files/direct-upload';
import {
  type FileRow,
  fileById,
  filesByIds,
  fileUrl,
  storeFileBytes,
  type UploadContext,
} from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { convertToPdf, findSoffice } from './resume-attached.convert';
import { ownAttached, ownResource } from './resume-attached.policy';
import {
  type AttachedRow,
  countAttached,
  deleteAttached,
  findAttached,
  insertAttached,
  listAttached,
  renameAttached,
  setAttachedPreview,
} from './resume-attached.repo';

/*
 * Attached resumes (issue 13): the upload ticket, keeping an uploaded file (checked from its bytes), the
 * list, rename, delete and the preview (PDF inline; Word converted with LibreOffice when installed).
 */

type Ctx = UploadContext & { config: Pick<Config, 'documents'> };
type WhoAsks = { ctx: Ctx; actor: Pick<Actor, 'userId'> };

const TYPE_OF: Record<AttachedExtension, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const EXTENSION_OF = Object.fromEntries(Object.entries(TYPE_OF).map(([ext, type]) => [type, ext])) as Record<
  string,
  AttachedExtension
>;

const badName = (name: string | undefined) => {
  const error = firstAttachedNameError(name);
  if (error) throw AppError.badRequest(error);
  return (name as string).trim();
};

const present = async (ctx: Ctx, row: AttachedRow, file: FileRow | undefined): Promise<AttachedResume> => ({
  id: row.id,
  name: row.name,
  path: file ? await fileUrl(ctx, file) : '',
  extension: row.extension as AttachedExtension,
  size: file?.size ?? 0,
  createAt: row.createdAt.getTime(),
  enabled: 'Yes',
});

/**
 * Tickets given per member in the last hour (this process's memory). A ticket lets 20 MB into the store
 * before any row exists, so a member asking for ticket after ticket without keeping is held to
 * ATTACHED_TICKETS_PER_HOUR per server instance (429). Uploads never kept are not swept yet (see the note).
 */
const ticketsByDatabase = new WeakMap<object, Map<number, number[]>>();
const HOUR_MS = 3_600_000;
const takeTicket = (db: object, userId: number, now: number) => {
  // per database (user ids are its own), this process's memory
  let ticketsGiven = ticketsByDatabase.get(db);
  if (!ticketsGiven) {
    ticketsGiven = new Map();
    ticketsByDatabase.set(db, ticketsGiven);
  }
  const recent = (ticketsGiven.get(userId) ?? []).filter((at) => at > now - HOUR_MS);
  if (recent.length >= ATTACHED_TICKETS_PER_HOUR) throw new AppError(429, ATTACHED_MSG.tooManyTickets);
  recent.push(now);
  ticketsGiven.set(userId, recent);
  if (ticketsGiven.size > 10_000) {
    for (const [id, times] of ticketsGiven)
      if (!times.some((at) => at > now - HOUR_MS)) ticketsGiven.delete(id);
  }
};

/**
 * The upload ticket: only for oneself (a resourceId not one's own: 403), only doc/docx/pdf by name (400
 * 仅支持doc/docx/pdf格式的附件！), only while fewer than 3 are kept (400). The bytes are checked on POST.
 */
export const issueTicket = async ({
  ctx,
  actor,
  query,
}: WhoAsks & { query: ObsUploadQuery }): Promise<UploadTicket> => {
  ownResource(actor, query.resourceId, ATTACHED_MSG.resourceNotOwn);
  const extension = attachedExtensionOf(query.fileName);
  if (!extension) throw AppError.badRequest(RESUME_MSG.attachedType);
  if (query.fileSize !== undefined && query.fileSize > RESUME_LIMITS.attachedBytes) {
    throw AppError.badRequest(RESUME_MSG.attachedSize);
  }
  if ((await countAttached(ctx.db, actor.userId)) >= RESUME_LIMITS.attachedMax) {
    throw AppError.badRequest(RESUME_MSG.attachedMax);
  }
  takeTicket(ctx.db, actor.userId, ctx.now().getTime());
  const ticket = await issueDirectUpload(ctx, {
    userId: actor.userId,
    purpose: 'attachedResume',
    contentType: TYPE_OF[extension],
    size: query.fileSize,
  });
  return {
    fileName: query.fileName,
    fileUrl: ticket.claim,
    signedUrl: ticket.signedUrl,
    actualSignedRequestHeaders: ticket.headers,
  };
};

/** How many attachments a member keeps (for the completeness answer: attachedCount). */
export const attachedCountOf = (opts: { db: UploadContext['db']; userId: number }): Promise<number> =>
  countAttached(opts.db, opts.userId);

/** The member's attachments, newest first. */
export const list = async ({ ctx, actor }: WhoAsks): Promise<AttachedResume[]> => {
  const rows = await listAttached(ctx.db, actor.userId);
  const files = new Map(
    (
      await filesByIds(
        ctx.db,
        rows.map((r) => r.fileId),
      )
    ).map((f) => [f.id, f]),
  );
  return Promise.all(rows.map((row) => present(ctx, row, files.get(row.fileId))));
};

/** One of the member's attachments (another's or none: 404). */
export const get = async ({ ctx, actor, id }: WhoAsks & { id: number }): Promise<AttachedResume> => {
  const row = ownAttached(actor, await findAttached(ctx.db, id));
  return present(ctx, row, (await fileById(ctx.db, row.fileId)) ?? undefined);
};

/**
 * Keeps an uploaded file as an attachment: the name's rule, then the upload is claimed (issued to this
 * user, type from the bytes, at most 20 MB: else the spec's message and the object is removed), then the
 * count (a fourth: 400 最多上传3份附件简历, the file removed).
 */
export const create = async ({
  ctx,
  actor,
  body,
}: WhoAsks & { body: CreateAttachedBody }): Promise<AttachedResume> => {
  const name = badName(body.name);
  const file = await claimDirectUpload(ctx, {
    userId: actor.userId,
    purpose: 'attachedResume',
    ref: body.path,
    name,
    messages: {
      badRef: ATTACHED_MSG.badPath,
      missing: ATTACHED_MSG.notUploaded,
      badType: RESUME_MSG.attachedType,
      tooLarge: RESUME_MSG.attachedSize,
    },
  });
  const tooMany = async () => {
    await removeFile(ctx, file.id);
    return AppError.badRequest(RESUME_MSG.attachedMax);
  };
  if ((await countAttached(ctx.db, actor.userId)) >= RESUME_LIMITS.attachedMax) throw await tooMany();
  const row = await insertAttached(ctx.db, {
    userId: actor.userId,
    fileId: file.id,
    name,
    extension: EXTENSION_OF[file.contentType] ?? 'pdf',
  });
  // two keeps at the same moment both saw 2: the later one goes
  if ((await countAttached(ctx.db, actor.userId)) > RESUME_LIMITS.attachedMax) {
    await deleteAttached(ctx.db, row.id, actor.userId);
    throw await tooMany();
  }
  return present(ctx, row, file);
};

/** Renames one of the member's attachments (name required, at most 50 characters). */
export const rename = async ({ ctx, actor, id, name }: WhoAsks & { id: number; name: string }) => {
  ownAttached(actor, await findAttached(ctx.db, id));
  const row = await renameAttached(ctx.db, id, badName(name));
  if (!row) throw AppError.notFound(RESUME_MSG.notFound);
  return present(ctx, row, (await fileById(ctx.db, row.fileId)) ?? undefined);
};

/** Deletes one of the member's attachments, its file and its converted preview. */
export const remove = async ({ ctx, actor, id }: WhoAsks & { id: number }): Promise<null> => {
  ownAttached(actor, await findAttached(ctx.db, id));
  const row = await deleteAttached(ctx.db, id, actor.userId);
  if (!row) throw AppError.notFound(RESUME_MSG.notFound);
  await removeFile(ctx, row.fileId);
  if (row.previewFileId) await removeFile(ctx, row.previewFileId);
  return null;
};

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** A PDF of a Word attachment: the one made before, or made now with LibreOffice; null without it. */
const convertedPdf = async (
  ctx: Ctx,
  row: AttachedRow,
  file: FileRow,
): Promise<FileRow | 'none' | 'failed'> => {
  const made = row.previewFileId ? await fileById(ctx.db, row.previewFileId) : null;
  if (made) return made;
  const soffice = await findSoffice(ctx.config.documents.sofficePath);
  if (!soffice) return 'none';
  try {
    const stored = await ctx.storage.get(file.storageKey);
    if (!stored) return 'failed';
    const pdf = await convertToPdf(soffice, await readAll(stored.body), row.extension as 'doc' | 'docx');
    const preview = await storeFileBytes(ctx, {
      ownerId: row.userId,
      purpose: 'attachedResume',
      name: `${row.name}.pdf`,
      bytes: pdf,
    });
    await setAttachedPreview(ctx.db, row.id, preview.id);
    return preview;
  } catch {
    return 'failed';
  }
};

/**
 * Contract (issue 14): a PDF to show of attachment file `fileId` of member `userId` (delivered to an
 * employer): the file itself when it is a PDF, else the PDF converted from the Word file while the member
 * still keeps that attachment (made now with LibreOffice when installed); null when there is none.
 */
export const pdfOfAttachedFile = async (opts: {
  ctx: Ctx;
  userId: number;
  attachedId: number;
  fileId: number;
}): Promise<FileRow | null> => {
  const file = await fileById(opts.ctx.db, opts.fileId);
  if (!file) return null;
  if (file.contentType === DOCUMENT_TYPES[0]) return file;
  const row = await findAttached(opts.ctx.db, opts.attachedId);
  if (!row || row.userId !== opts.userId || row.fileId !== file.id) return null;
  const pdf = await convertedPdf(opts.ctx, row, file);
  return typeof pdf === 'string' ? null : pdf;
};

/**
 * The preview of one of the member's attachments: a PDF inline; a Word file as the PDF LibreOffice made of
 * it, or (not installed, or it failed) only the download with a note saying why.
 */
export const preview = async ({ ctx, actor, id }: WhoAsks & { id: number }): Promise<AttachedPreview> => {
  const row = ownAttached(actor, await findAttached(ctx.db, id));
  const file = await fileById(ctx.db, row.fileId);
  if (!file) throw AppError.notFound(RESUME_MSG.notFound);
  const downloadUrl = await fileUrl(ctx, file);
  const base = { id: row.id, name: row.name, extension: row.extension as AttachedExtension, downloadUrl };
  if (file.contentType === DOCUMENT_TYPES[0]) return { ...base, mode: 'pdf', pdfUrl: downloadUrl, note: '' };
  const pdf = await convertedPdf(ctx, row, file);
  if (typeof pdf === 'string') {
    return {
      ...base,
      mode: 'download',
      pdfUrl: '',
      note: pdf === 'none' ? ATTACHED_MSG.noConverter : ATTACHED_MSG.convertFailed,
    };
  }
  return { ...base, mode: 'pdf', pdfUrl: await fileUrl(ctx, pdf), note: '' };
};

/**
 * Contract (issue 14, delivery): one of the member's own attachments with its file (the delivery keeps the
 * file), or null when it is another member's or none.
 */
export const ownAttachedFileOf = async (opts: {
  db: UploadContext['db'];
  userId: number;
  id: number;
}): Promise<{ id: number; fileId: number } | null> => {
  const row = await findAttached(opts.db, opts.id);
  return row && row.userId === opts.userId ? { id: row.id, fileId: row.fileId } : null;
};
