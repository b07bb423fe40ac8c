import {
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  type CourseMaterial,
  type FilePurpose,
  KNOWLEDGE_MSG,
  type KnowledgePassage,
  MATERIAL_FILE_MAX_CHARS,
  MATERIAL_UPLOAD_EXTENSIONS,
  type MaterialListQuery,
  type MaterialPage,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { cleanFileName, storeFileBytes, type UploadContext } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { extractText } from './extract-text';
import { assertCourseTeacher, isCourseMember } from './knowledge.policy';
import * as repo from './knowledge.repo';
import { cutPassages } from './knowledge-cut';
import { queryTokens, segment, tsvectorText } from './segment';

/*
 * A course's knowledge base (issue 16 part 6): the teacher's materials (notes written in the product and
 * uploaded files, their text read by `extractText`) cut into passages and indexed with segmented words;
 * retrieval for the chat runner (`retrievePassages`, `hasKnowledge`) and the passage a citation opens.
 */

export type RetrievedPassage = {
  passageId: number;
  materialId: number;
  materialTitle: string;
  heading: string | null;
  text: string;
  score: number;
};

/**
 * The files area's purpose material files are kept under: `assistantDocument` (the documents of spec 2.15,
 * up to 50 MB). A file it refuses (txt and md, which have no such purpose) is indexed from its text without
 * keeping the bytes (fileId null).
 */
export const MATERIAL_FILE_PURPOSE: FilePurpose = 'assistantDocument';

const materialOf = (row: repo.MaterialRow): CourseMaterial => ({
  id: row.id,
  courseId: row.courseId,
  kind: row.kind as CourseMaterial['kind'],
  title: row.title,
  fileName: row.fileName,
  status: row.status as CourseMaterial['status'],
  error: row.error,
  passages: row.passages,
  chars: row.chars,
  createAt: row.createdAt.getTime(),
});

// Indexing ---------------------------------------------------------------------------------------------

/** Cuts a material's text into passages and writes them with their search column. */
const indexText = async (db: Db, material: { id: number; courseId: number; title: string }, text: string) => {
  const passages = cutPassages(text).map((c, i) => ({
    materialId: material.id,
    courseId: material.courseId,
    position: i + 1,
    heading: c.heading,
    text: c.text,
    headingTokens: c.heading ? tsvectorText(c.heading) : '',
    pathTokens: tsvectorText([material.title, ...c.path.slice(0, -1)].join('\n')),
    textTokens: tsvectorText(c.text),
  }));
  await repo.insertPassages(db, passages);
  return passages.length;
};

/**
 * Adds a note (or a file's text) to a course's knowledge base and indexes it now, in one transaction: the
 * material is Indexed with its passages, or Failed with `error` and none. No permission check (the routes
 * and the demo seed check who may).
 */
export const addMaterial = async (opts: {
  db: Db;
  courseId: number;
  createdBy: number | null;
  kind: 'Note' | 'File';
  title: string;
  body: string;
  file?: { id: number | null; name: string };
  error?: string;
}): Promise<CourseMaterial> => {
  const id = await opts.db.transaction(async (tx) => {
    const row = await repo.insertMaterial(tx, {
      courseId: opts.courseId,
      kind: opts.kind,
      title: opts.title,
      fileId: opts.file?.id ?? null,
      fileName: opts.file?.name ?? null,
      body: opts.body,
      status: 'Indexing',
      createdBy: opts.createdBy,
    });
    if (opts.error) {
      await repo.setMaterialStatus(tx, row.id, { status: 'Failed', error: opts.error });
    } else {
      await indexText(tx, row, opts.body);
      await repo.setMaterialStatus(tx, row.id, { status: 'Indexed' });
    }
    return row.id;
  });
  forgetStats(opts.courseId);
  return materialOf((await repo.findMaterial(opts.db, id))!);
};

// Materials (the course's teachers) ---------------------------------------------------------------------

/** `GET {ASSISTANT_BASE}/{courseId}/materials`: the course's materials, newest first. */
export const listMaterials = async (opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  query: MaterialListQuery;
}): Promise<MaterialPage> => {
  await assertCourseTeacher(opts);
  const { rows, total } = await repo.pageMaterials(opts.db, {
    courseId: opts.courseId,
    offset: (opts.query.pageNumber - 1) * opts.query.pageSize,
    limit: opts.query.pageSize,
  });
  return { rows: rows.map(materialOf), total };
};

/** `POST {ASSISTANT_BASE}/{courseId}/materials`: a note, indexed at once. */
export const createNoteMaterial = async (opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  body: { title: string; body: string };
}): Promise<CourseMaterial> => {
  await assertCourseTeacher(opts);
  return addMaterial({
    db: opts.db,
    courseId: opts.courseId,
    createdBy: opts.actor.userId,
    kind: 'Note',
    title: opts.body.title,
    body: opts.body.body,
  });
};

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
const TEXT_TYPES: Record<string, string> = { txt: 'text/plain', md: 'text/markdown', csv: 'text/csv' };

/** The title of an uploaded material: the one given, else the file name without its ending. */
const materialTitle = (given: string | undefined, fileName: string): string => {
  const title = (given ?? '').trim();
  if ([...title].length > 60) throw AppError.badRequest(ASSISTANT_MSG.materialTitleTooLong);
  if (title) return title;
  const base = fileName.replace(/\.[^.]*$/, '').trim() || fileName;
  return [...base].slice(0, 60).join('');
};

/** Keeps the bytes in the files area; null when the purpose refuses them (see MATERIAL_FILE_PURPOSE). */
const keepFile = async (ctx: UploadContext, opts: { ownerId: number; name: string; bytes: Buffer }) => {
  try {
    return await storeFileBytes(ctx, { ...opts, purpose: MATERIAL_FILE_PURPOSE });
  } catch (error) {
    if (error instanceof AppError && (error.code === 400 || error.code === 413)) return null;
    throw error;
  }
};

/**
 * `POST {ASSISTANT_BASE}/{courseId}/materials/upload`: a file (pdf, Office, csv, txt, md; at most 50 MB)
 * whose text is extracted and indexed now. A file whose text cannot be read is kept as a Failed material
 * with the reason (the teacher sees why), never dropped silently.
 */
export const uploadMaterial = async (opts: {
  ctx: UploadContext;
  actor: Actor;
  courseId: number;
  file: { name: string; bytes: Buffer; truncated: boolean } | undefined;
  title?: string;
}): Promise<CourseMaterial> => {
  const { ctx, file } = opts;
  await assertCourseTeacher({ db: ctx.db, actor: opts.actor, courseId: opts.courseId });
  if (!file || file.bytes.length === 0) throw AppError.badRequest(KNOWLEDGE_MSG.fileRequired);
  const name = cleanFileName(file.name);
  const ext = extensionOf(name);
  if (!(MATERIAL_UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
    throw AppError.badRequest(KNOWLEDGE_MSG.fileTypeNotAllowed);
  if (file.truncated || file.bytes.length > ASSISTANT_LIMITS.documentMaxBytes)
    throw new AppError(413, ASSISTANT_MSG.documentTooLarge);
  const title = materialTitle(opts.title, name);
  const stored = await keepFile(ctx, { ownerId: opts.actor.userId, name, bytes: file.bytes });
  const contentType = stored?.contentType ?? TEXT_TYPES[ext] ?? 'application/octet-stream';
  const extracted = await extractText({ bytes: file.bytes, name, contentType });
  const text = extracted.ok ? extracted.text.replaceAll('\u0000', '').trim() : '';
  const error = !extracted.ok
    ? extracted.message
    : !text
      ? `${ASSISTANT_MSG.fileUnreadable(name)}：${KNOWLEDGE_MSG.fileEmpty}`
      : [...text].length > MATERIAL_FILE_MAX_CHARS
        ? KNOWLEDGE_MSG.fileTooLong
        : undefined;
  return addMaterial({
    db: ctx.db,
    courseId: opts.courseId,
    createdBy: opts.actor.userId,
    kind: 'File',
    title,
    body: error ? '' : text,
    file: { id: stored?.id ?? null, name },
    error,
  });
};

/** `DELETE {ASSISTANT_BASE}/{courseId}/materials/{id}`: the material and its passages. */
export const deleteMaterial = async (opts: {
  db: Db;
  actor: Actor;
  courseId: number;
  materialId: number;
}) => {
  await assertCourseTeacher(opts);
  if (!(await repo.deleteMaterial(opts.db, opts.courseId, opts.materialId)))
    throw AppError.notFound(ASSISTANT_MSG.materialNotFound);
  forgetStats(opts.courseId);
};

/** `GET {ASSISTANT_BASE}/passages/{id}`: for members of the passage's course; 404 otherwise. */
export const getPassage = async (opts: { db: Db; actor: Actor; id: number }): Promise<KnowledgePassage> => {
  const row = await repo.findPassage(opts.db, opts.id);
  if (!row || !(await isCourseMember({ db: opts.db, actor: opts.actor, courseId: row.courseId })))
    throw AppError.notFound(ASSISTANT_MSG.passageNotFound);
  return row;
};

// Retrieval -----------------------------------------------------------------------------------------------

/**
 * Per course: how many passages, and in how many each token occurs (for the terms' weights). Kept while
 * the course's passage count and newest id stay the same (one cheap query per search checks that), so a
 * word's frequency is counted once, not on every question.
 */
type CourseStats = { stamp: string; n: number; df: Map<string, number> };
const stats = new Map<number, CourseStats>();
const STATS_COURSES = 500;
const forgetStats = (courseId: number) => stats.delete(courseId);

const statsFor = async (db: Db, courseId: number, tokens: string[]): Promise<CourseStats> => {
  const { n, max } = await repo.passageStamp(db, courseId);
  const stamp = `${n}:${max}`;
  let entry = stats.get(courseId);
  if (!entry || entry.stamp !== stamp) {
    entry = { stamp, n, df: new Map() };
    if (stats.size >= STATS_COURSES) stats.delete(stats.keys().next().value as number);
    stats.set(courseId, entry);
  }
  const missing = tokens.filter((t) => !entry.df.has(t));
  if (missing.length > 0 && n > 0) {
    for (const [t, df] of await repo.documentFrequencies(db, courseId, missing)) entry.df.set(t, df);
  }
  return entry;
};

/**
 * How many passages the selecting words may find before the rest must come in pairs: the rarest words
 * select on their own while their passage counts add up to at most this; the next commonest (up to
 * PAIR_WORDS of them) select only two together. With 10,000 passages a common word alone would make every
 * tenth passage a candidate to rank; a pair of them is rare.
 */
const CANDIDATE_BUDGET = 400;
const PAIR_WORDS = 6;

/**
 * The course's passages that best answer `query`: its segmented words OR-ed (GIN), each weighted by how
 * rare it is in the course (BM25's idf) times ts_rank (length-normalised; a word in the passage's heading
 * counts 4 times, in the material title or an outer heading 2.5 times one in the text). Only the rarer
 * words select candidates on their own, the common ones in pairs (CANDIDATE_BUDGET), so a search ranks a
 * few hundred passages at most, also with 10,000 in the course.
 */
export const retrievePassages = async (opts: {
  db: Db;
  courseId: number;
  query: string;
  limit: number;
}): Promise<RetrievedPassage[]> => {
  const plan = await retrievalPlan(opts);
  return plan ? repo.searchPassages(opts.db, plan) : [];
};

/** The search `retrievePassages` runs for a question (null: nothing can match); the bench explains it. */
export const retrievalPlan = async (opts: {
  db: Db;
  courseId: number;
  query: string;
  limit: number;
}): Promise<repo.SearchPlan | null> => {
  const tokens = queryTokens(opts.query);
  if (tokens.length === 0 || opts.limit <= 0) return null;
  const { n, df } = await statsFor(opts.db, opts.courseId, tokens);
  const present = tokens.filter((t) => (df.get(t) ?? 0) > 0);
  if (present.length === 0) return null;
  const idf = (t: string) => {
    const d = df.get(t) ?? 0;
    return Math.log(1 + (n - d + 0.5) / (d + 0.5));
  };
  const byRarity = [...present].sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0));
  const alone: string[] = [];
  let found = 0;
  for (const t of byRarity) {
    const d = df.get(t) ?? 0;
    // (a question of one word searches for it however common it is)
    if (found + d > CANDIDATE_BUDGET && byRarity.length > 1) break;
    alone.push(t);
    found += d;
  }
  const paired = byRarity.filter((t) => !alone.includes(t)).slice(0, PAIR_WORDS);
  // pairs of two words, not of two pieces of one word (复杂度 gives 复杂 and 杂度 as well)
  const pieces = (a: string, b: string) =>
    a.includes(b) || b.includes(a) || tokens.some((t) => t.includes(a) && t.includes(b));
  const both: [string, string][] = [];
  for (let i = 0; i < paired.length; i++)
    for (let j = i + 1; j < paired.length; j++)
      if (!pieces(paired[i]!, paired[j]!)) both.push([paired[i]!, paired[j]!]);
  return {
    courseId: opts.courseId,
    match: { any: alone, both },
    weighted: present.map((token) => ({ token, weight: idf(token) })),
    limit: Math.min(opts.limit, 50),
  };
};

/** Whether the course has indexed passages (the context's hasKnowledge). */
export const hasKnowledge = async (opts: { db: Db; courseId: number }): Promise<boolean> =>
  repo.hasPassages(opts.db, opts.courseId);

/** For tests and the evaluation: the tokens a text is indexed and searched by. */
export const tokensOf = segment;
