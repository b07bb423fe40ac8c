import type { Readable } from 'node:stream';
import {
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  ASSISTANT_UPLOAD_EXTENSIONS,
  type AssistantFile,
  FILES_MSG,
  type MessageFile,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { limitBytes, readHead } from '../files/file-stream';
import { isEncryptedOoxml } from '../files/file-type';
import { cleanFileName, storeFileBytes, type UploadContext } from '../files/files.service';
import { findSoffice } from '../resume/resume-attached.convert';
import type { Actor } from '../sessions/actor';
import { type AssistantFileRow, findOwnAssistantFiles, insertAssistantFile } from './assistant-files.repo';
import { extractText, unreadableMessage } from './extract-text';

/*
 * Files given to the assistants with a question (issue 16 part 5, portal spec 2.15): uploaded one at a time
 * (`POST {ASSISTANT_BASE}/files`), checked from the bytes (ppt, pptx, doc, docx, pdf, csv, xls, xlsx up to
 * 50 MB; png, jpeg, webp up to 10 MB), kept by the files area, and read at once: the row keeps the text, or
 * why the file cannot be read, which the question then says (never a silent failure).
 *
 * SEAM: the runner calls `readAssistantFiles` with a question's fileIds.
 */
export type ReadFile = MessageFile & { text: string };

type UploadKind = 'document' | 'image';

/** The kind of an upload by its name's ending (spec 2.15's list), or null for any other. */
export const uploadKindOf = (name: string): UploadKind | null => {
  const ending = name.toLowerCase().split('.').pop() ?? '';
  return name.includes('.')
    ? ((ASSISTANT_UPLOAD_EXTENSIONS as Record<string, UploadKind>)[ending] ?? null)
    : null;
};

const RULES = {
  document: {
    purpose: 'assistantDocument',
    maxBytes: ASSISTANT_LIMITS.documentMaxBytes,
    tooLarge: ASSISTANT_MSG.documentTooLarge,
  },
  image: {
    purpose: 'assistantImage',
    maxBytes: ASSISTANT_LIMITS.imageMaxBytes,
    tooLarge: ASSISTANT_MSG.imageTooLarge,
  },
} as const;

/** The largest upload of either kind (the multipart parser's own cap). */
export const ASSISTANT_UPLOAD_MAX_BYTES = Math.max(RULES.document.maxBytes, RULES.image.maxBytes);

/** All of a stream's bytes, at most `maxBytes` (413 with the kind's message beyond). */
const readUpTo = async (stream: Readable, maxBytes: number, tooLarge: string): Promise<Buffer> => {
  const head = await readHead(stream, 16);
  if (head.length === 0) return head;
  const chunks: Buffer[] = [];
  for await (const chunk of limitBytes(stream, head, maxBytes, () => new AppError(413, tooLarge)).body)
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const assistantFileOf = (row: AssistantFileRow): AssistantFile => ({
  fileId: row.fileId,
  name: row.name,
  kind: row.kind as UploadKind,
  status: row.status as AssistantFile['status'],
  message: row.message,
  chars: row.text.length,
  size: row.size,
});

/**
 * Receives one file for the assistants: its kind from the name's ending (else 400 仅支持…), its bytes (413
 * beyond the kind's size), its type from the bytes (400 unless one of the kind's), kept by the files area;
 * then its text extracted now. Answers the file: Ready (with its characters), or Failed with
 * `文件「name」无法读取内容：why`. An image is Ready with no text: the model reads text only.
 */
export const uploadAssistantFile = async (
  ctx: UploadContext & { config: { documents: { sofficePath: string | undefined } } },
  opts: { actor: Pick<Actor, 'userId'>; upload: { stream: Readable; filename: string } | undefined },
): Promise<AssistantFile> => {
  const { upload } = opts;
  if (!upload) throw AppError.badRequest(FILES_MSG.required);
  const { stream } = upload;
  try {
    const name = cleanFileName(upload.filename);
    const kind = uploadKindOf(name);
    if (!kind) throw AppError.badRequest(ASSISTANT_MSG.fileTypeNotAllowed);
    const rule = RULES[kind];
    const bytes = await readUpTo(stream, rule.maxBytes, rule.tooLarge);
    if (bytes.length === 0) throw AppError.badRequest(FILES_MSG.required);
    // a Word/Excel/PowerPoint file saved with a password is no zip: say so rather than "wrong type"
    if (kind === 'document' && isEncryptedOoxml(bytes))
      throw AppError.badRequest(unreadableMessage(name, 'encrypted'));
    const file = await storeFileBytes(ctx, {
      ownerId: opts.actor.userId,
      purpose: rule.purpose,
      name,
      bytes,
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 413) throw new AppError(413, rule.tooLarge);
      if (error instanceof AppError && error.code === 400 && error.message !== FILES_MSG.required)
        throw AppError.badRequest(ASSISTANT_MSG.fileTypeNotAllowed);
      throw error;
    });
    const read =
      kind === 'image'
        ? { status: 'Ready' as const, message: ASSISTANT_MSG.imageTextOnly, text: '' }
        : await extractText({
            bytes,
            name: file.name,
            contentType: file.contentType,
            soffice: await findSoffice(ctx.config.documents.sofficePath),
          }).then((result) =>
            result.ok
              ? { status: 'Ready' as const, message: null, text: result.text }
              : { status: 'Failed' as const, message: result.message, text: '' },
          );
    const row = await insertAssistantFile(ctx.db, {
      fileId: file.id,
      userId: opts.actor.userId,
      name: file.name,
      kind,
      status: read.status,
      message: read.message,
      text: read.text,
      size: file.size,
    });
    return assistantFileOf(row);
  } finally {
    // whatever was not read (a refused file) is thrown away, so the request can finish
    stream.on('error', () => {});
    if (!stream.destroyed) stream.resume();
  }
};

/**
 * The files of a question, in the order given (a repeated id once): the actor's own uploads only (another
 * user's or an unknown id: 400 文件不存在或无权使用), each with its text cut to ASSISTANT_LIMITS.fileChars
 * (`chars` is the whole text's length). A Failed file comes with its message and no text.
 */
export const readAssistantFiles = async (opts: {
  db: Db;
  actor: Pick<Actor, 'userId'>;
  fileIds: readonly number[];
}): Promise<ReadFile[]> => {
  const ids = [...new Set(opts.fileIds)];
  if (ids.length === 0) return [];
  const rows = new Map(
    (await findOwnAssistantFiles(opts.db, opts.actor.userId, ids)).map((row) => [row.fileId, row]),
  );
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row) throw AppError.badRequest(FILES_MSG.notUsable);
    return { ...describeMessageFile(row), text: row.text.slice(0, ASSISTANT_LIMITS.fileChars) };
  });
};

const describeMessageFile = (row: AssistantFileRow): MessageFile => {
  const { size: _size, ...file } = assistantFileOf(row);
  return file;
};
