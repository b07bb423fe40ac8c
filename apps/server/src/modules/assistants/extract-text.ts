import { execFile, fork } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASSISTANT_MSG, CSV_TYPE } from '@uplus/shared';
import { detectUploadType, isPlainText } from '../files/file-type';
import { findSoffice } from '../resume/resume-attached.convert';

/*
 * SEAM (issue 16 part 5): the text of an uploaded document, for files given with a question and for
 * knowledge-base materials. PDF (pdf-parse), Word .docx (mammoth) and .doc (word-extractor), Excel .xlsx
 * (exceljs: every sheet as comma-separated rows under its name), PowerPoint .pptx (the slides' texts in the
 * presentation's order, each under 第N页), CSV and plain text (UTF-8, else GB18030). Excel .xls and
 * PowerPoint .ppt (97-2003 binaries) go through LibreOffice when the server has it, else say to save them
 * as xlsx/pptx.
 *
 * Bounded: the parsers run in a child process with a heap limit, killed at the time limit, and every zip
 * entry's real inflated size is counted (each and all together) before a parser reads it; the text is cut
 * at `maxChars`. A file that cannot be read says why, in words fit to show.
 */

export type ExtractResult =
  | { ok: true; text: string; truncated?: boolean }
  | { ok: false; message: string; reason?: string };

/** Why a file could not be read (shown after 文件「name」无法读取内容：). */
export const EXTRACT_REASONS = {
  encrypted: '文件已加密，请去除密码后再上传',
  scanned: '未识别到文字，可能是扫描件',
  corrupt: '文件已损坏或格式不正确',
  empty: '文件中没有文字内容',
  inflated: '文件解压后过大或结构异常',
  timeout: '文件过于复杂，解析超时',
  crashed: '文件过于复杂，解析失败',
  encoding: '无法识别文件的文字编码，请另存为UTF-8编码后上传',
  legacyExcel: '服务器暂不支持读取xls格式，请另存为xlsx格式后上传',
  legacyPowerPoint: '服务器暂不支持读取ppt格式，请另存为pptx格式后上传',
  unsupported: '不支持读取该类型的文件',
} as const;
export type ExtractReason = keyof typeof EXTRACT_REASONS;

export const EXTRACT_LIMITS = {
  /** the longest one parse may take */
  timeoutMs: 30_000,
  /** the longest LibreOffice may take to turn an .xls/.ppt into .xlsx/.pptx */
  convertTimeoutMs: 60_000,
  /** characters kept of a document's text */
  maxChars: 200_000,
  /** a zip container's entries inflated, all together and each */
  zipTotalBytes: 200 * 1024 * 1024,
  zipEntryBytes: 100 * 1024 * 1024,
  /** the parsing child process's JavaScript heap */
  heapMb: 512,
};
export type ExtractLimits = typeof EXTRACT_LIMITS;

const TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;
const KIND_OF_TYPE = new Map<string, keyof typeof TYPES>(
  Object.entries(TYPES).map(([kind, type]) => [type, kind as keyof typeof TYPES]),
);
type ChildKind = 'pdf' | 'docx' | 'doc' | 'xlsx' | 'pptx';

type Parsed =
  | { ok: false; reason: ExtractReason }
  | {
      ok: true;
      truncated: boolean;
      pdf?: { pages: string[]; total: number };
      text?: string;
      sheets?: { name: string; rows: string[][] }[];
      slides?: string[];
    };

const CHILD = fileURLToPath(new URL('./extract-text.child.mjs', import.meta.url));

/** Parses running at once (each a child process); more wait their turn. */
const MAX_PARALLEL = Math.max(1, Math.min(4, os.availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];
/** Waits for a parsing slot; the answer gives it back (straight to the next waiting, if any). */
const takeSlot = async (): Promise<() => void> => {
  if (running < MAX_PARALLEL) running += 1;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  return () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
};

/** Parses in a child process (one parsing slot): its answer, or timeout / crashed when it overran or died. */
const parseInChild = async (kind: ChildKind, bytes: Buffer, limits: ExtractLimits): Promise<Parsed> => {
  const release = await takeSlot();
  try {
    return await runChild(kind, bytes, limits);
  } finally {
    release();
  }
};

const runChild = (kind: ChildKind, bytes: Buffer, limits: ExtractLimits): Promise<Parsed> =>
  new Promise((resolve) => {
    const child = fork(CHILD, [], {
      // only the heap limit: not the parent's flags (tsx's loader, an inspector)
      execArgv: [`--max-old-space-size=${limits.heapMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let settled = false;
    const finish = (answer: Parsed) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    child.once('message', (message) => finish(message as Parsed));
    child.once('error', () => finish({ ok: false, reason: 'crashed' }));
    child.once('exit', () => finish({ ok: false, reason: 'crashed' }));
    child.send({
      kind,
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length),
      maxChars: limits.maxChars,
      zipTotalBytes: limits.zipTotalBytes,
      zipEntryBytes: limits.zipEntryBytes,
    });
  });

/**
 * An Excel or PowerPoint 97-2003 file as its 2007+ counterpart, by LibreOffice in a fresh temporary
 * directory with its own profile (as the resume previews convert); throws when it fails or overruns.
 */
const convertLegacy = async (soffice: string, bytes: Buffer, from: 'xls' | 'ppt', timeoutMs: number) => {
  const to = from === 'xls' ? 'xlsx' : 'pptx';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uplus-extract-'));
  try {
    const input = path.join(dir, `upload.${from}`);
    await writeFile(input, bytes);
    await new Promise<void>((resolve, reject) => {
      execFile(
        soffice,
        [
          `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
          '--headless',
          '--norestore',
          '--convert-to',
          to,
          '--outdir',
          dir,
          input,
        ],
        { timeout: timeoutMs, killSignal: 'SIGKILL' },
        (error) => (error ? reject(error) : resolve()),
      );
    });
    return await readFile(path.join(dir, `upload.${to}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** A CSV cell as written: quoted when it holds a comma, a quote or a line break. */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/** Text bytes as UTF-8 (BOM dropped), else GB18030 (Excel's CSV on a Chinese Windows); null for neither. */
export const decodeText = (bytes: Buffer): string | null => {
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  for (const encoding of ['utf-8', 'gb18030']) {
    try {
      return new TextDecoder(encoding, { fatal: true }).decode(body);
    } catch {
      // not this encoding
    }
  }
  return null;
};

/** The text of a parsed document as given to the model. */
const textOf = (parsed: Extract<Parsed, { ok: true }>): string => {
  if (parsed.pdf) {
    return parsed.pdf.pages
      .map((page) => page.trim())
      .filter(Boolean)
      .join('\n\n');
  }
  if (parsed.sheets) {
    return parsed.sheets
      .filter((sheet) => sheet.rows.length)
      .map(
        (sheet) => `工作表：${sheet.name}\n${sheet.rows.map((row) => row.map(csvCell).join(',')).join('\n')}`,
      )
      .join('\n\n');
  }
  if (parsed.slides) {
    return parsed.slides
      .map((slide, i) => ({ slide: slide.trim(), n: i + 1 }))
      .filter(({ slide }) => slide)
      .map(({ slide, n }) => `第${n}页\n${slide}`)
      .join('\n\n');
  }
  return (parsed.text ?? '').replace(/\r\n?/g, '\n');
};

/** Whether a text has anything to read (not only page labels, whitespace and separators). */
const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text.replace(/第\d+页/g, ''));

/** `文件「name」无法读取内容：why`. */
export const unreadableMessage = (name: string, reason: ExtractReason) =>
  `${ASSISTANT_MSG.fileUnreadable(name)}：${EXTRACT_REASONS[reason]}`;

/**
 * The text of a document (`contentType` as detected from its bytes; the bytes are looked at again), or why
 * it cannot be read. `soffice` is LibreOffice's executable for .xls/.ppt (null: none; unset: looked for as
 * the resume previews do, SOFFICE_PATH or PATH).
 */
export const extractText = async (input: {
  bytes: Buffer;
  name: string;
  contentType: string;
  soffice?: string | null;
  limits?: Partial<ExtractLimits>;
}): Promise<ExtractResult> => {
  const limits = { ...EXTRACT_LIMITS, ...input.limits };
  const fail = (reason: ExtractReason): ExtractResult => ({
    ok: false,
    reason,
    message: unreadableMessage(input.name, reason),
  });
  if (input.bytes.length === 0) return fail('empty');
  const detected = detectUploadType(input.bytes, { name: input.name, types: [CSV_TYPE] });
  const type = detected ?? input.contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const done = (text: string, truncated = false): ExtractResult => {
    const cut = text.length > limits.maxChars;
    const kept = (cut ? text.slice(0, limits.maxChars) : text).trim();
    if (!hasWords(kept)) return fail('empty');
    return { ok: true, text: kept, ...(cut || truncated ? { truncated: true } : {}) };
  };

  // CSV and plain text (a knowledge-base note may be .txt or .md)
  if (type === CSV_TYPE || (!detected && /\.(csv|txt|md)$/i.test(input.name))) {
    if (!isPlainText(input.bytes)) return fail('encoding');
    const text = decodeText(input.bytes);
    return text === null ? fail('encoding') : done(text);
  }

  const kind = KIND_OF_TYPE.get(type);
  if (!kind) return fail('unsupported');
  if (kind === 'xls' || kind === 'ppt') {
    const soffice = input.soffice === undefined ? await findSoffice(process.env.SOFFICE_PATH) : input.soffice;
    if (!soffice) return fail(kind === 'xls' ? 'legacyExcel' : 'legacyPowerPoint');
    let converted: Buffer;
    try {
      converted = await convertLegacy(soffice, input.bytes, kind, limits.convertTimeoutMs);
    } catch {
      return fail('corrupt');
    }
    const parsed = await parseInChild(kind === 'xls' ? 'xlsx' : 'pptx', converted, limits);
    if (!parsed.ok) return fail(parsed.reason);
    return done(textOf(parsed), parsed.truncated);
  }
  const parsed = await parseInChild(kind, input.bytes, limits);
  if (!parsed.ok) return fail(parsed.reason);
  const text = textOf(parsed);
  // a PDF with pages but no text layer is a scan (or pictures of text)
  if (kind === 'pdf' && !hasWords(text)) return fail(parsed.pdf?.total ? 'scanned' : 'empty');
  return done(text, parsed.truncated);
};
