// bench/knowledge: the knowledge base of issue 16 (part 6). Retrieval for a student's question with 10,000
// passages in the course against the demo course's ~100 (the 数据结构 lecture notes), measured in the same
// run and database (the baseline first; then the course is loaded and analysed); and indexing throughput
// (notes written through the knowledge service: cutting, segmentation, inserting passages with their
// search column, one transaction per note).
//   - the questions: the first 40 labelled questions of scripts/eval/knowledge-questions.ts, each asked
//     `repeat` times after a warm-up (median and p95 over all of them), through `retrievePassages` (what the
//     chat runner calls; there is no HTTP route for it);
//   - the load: notes of about 40,000 characters under headings until the course holds 10,000 passages.
//     Their sentences are, one in LOAD_NOTES_SHARE (0.15), a sentence of the lecture notes, otherwise words
//     drawn from jieba's dictionary by their frequency (so the course's word statistics are those of
//     Chinese text in general: common words common, the subject's terms in a few percent of the passages,
//     as in a course holding several textbooks). BENCH_KNOWLEDGE_NOTES_SHARE=1 loads the notes' sentences
//     only (a worst case: every passage on the same ten chapters, each subject word in a tenth of them);
//   - slower = loaded / baseline (median; p95 alike); the target is at most 3.
// `npx tsx bench/knowledge.ts` runs it alone; `npm run bench` runs it with the others (BENCH_KNOWLEDGE=false
// skips it). BENCH_KNOWLEDGE_REPEAT (5); BENCH_KNOWLEDGE_EXPLAIN=true prints the plan of two searches after
// loading. Migration 0018 keeps the search vectors inside the table's rows (`alter column search set
// storage main`, `text set storage external`; out of line, every vector a search reads was fetched from the
// TOAST table); BENCH_KNOWLEDGE_STORAGE_MAIN=true sets the same again (a no-op since 0018). On PGlite, and
// on PostgreSQL too when TEST_DATABASE_URL or else BENCH_ADMIN_URL
// (postgres://postgres@127.0.0.1:5432/postgres) answers.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../apps/server/src/db/client';
import { explainSearch } from '../apps/server/src/modules/assistants/knowledge.repo';
import {
  addMaterial,
  retrievalPlan,
  retrievePassages,
} from '../apps/server/src/modules/assistants/knowledge.service';
import { createCourseRecord } from '../apps/server/src/modules/courses/courses.service';
import { demoLectureNotes, seedDemoKnowledge } from '../apps/server/src/seed/demo-knowledge';
import { type Driver, openTestDatabase } from '../apps/server/src/test/database';
import { buildUser } from '../apps/server/src/test/factories';
import { KNOWLEDGE_EVAL_SET } from '../scripts/eval/knowledge-questions';
import { quantile, rowsOf } from './jobs-lists';

export const KNOWLEDGE_TARGET = 3;
const LOADED_PASSAGES = 10_000;
const NOTE_CHARS = 40_000;
const QUESTIONS = 40;
const LOAD_NOTES_SHARE = Number(process.env.BENCH_KNOWLEDGE_NOTES_SHARE ?? 0.15);
/** The dictionary's most frequent words the filler is drawn from. */
const DICTIONARY_WORDS = 60_000;

export type KnowledgeBenchResult = {
  driver: Driver;
  /** the search vectors kept in the rows (BENCH_KNOWLEDGE_STORAGE_MAIN) */
  storageMain: boolean;
  baselinePassages: number;
  loadedPassages: number;
  questions: number;
  baselineMedianMs: number;
  baselineP95Ms: number;
  loadedMedianMs: number;
  loadedP95Ms: number;
  slowerMedian: number;
  slowerP95: number;
  /** indexing through the service while loading */
  indexing: { notes: number; passages: number; chars: number; seconds: number };
};

const random = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/** The lecture notes' sentences and headings, and the dictionary's words by frequency, to build the load from. */
const corpus = () => {
  const sentences: string[] = [];
  const headings: string[] = [];
  for (const note of demoLectureNotes()) {
    for (const line of note.body.split('\n')) {
      const heading = /^#{2,3}\s+(.+)$/.exec(line)?.[1];
      if (heading) headings.push(heading);
      else if (line.trim() && !line.startsWith('#'))
        sentences.push(...(line.match(/[^。！？]+[。！？]?/g) ?? []).map((s) => s.trim()).filter(Boolean));
    }
  }
  const dictionary = readFileSync(createRequire(import.meta.url).resolve('@node-rs/jieba/dict.txt'), 'utf8')
    .split('\n')
    .map((line) => line.split(' '))
    .filter((parts) => parts.length >= 2 && /^\p{Script=Han}+$/u.test(parts[0] ?? ''))
    .map((parts) => ({ word: parts[0] as string, freq: Number(parts[1]) }))
    .sort((a, b) => b.freq - a.freq)
    .slice(0, DICTIONARY_WORDS);
  const words = dictionary.map((d) => d.word);
  const cumulative: number[] = [];
  let sum = 0;
  for (const d of dictionary) {
    sum += d.freq;
    cumulative.push(sum);
  }
  /** a word drawn by frequency (binary search of the cumulative counts) */
  const word = (r: number) => {
    const target = r * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((cumulative[mid] ?? 0) < target) lo = mid + 1;
      else hi = mid;
    }
    return words[lo] as string;
  };
  return { sentences, headings, word };
};

/** The n-th loaded note: about NOTE_CHARS characters under `##` headings, paragraphs of 3-6 sentences. */
const loadNote = (n: number, c: ReturnType<typeof corpus>) => {
  const rng = random(n * 7919 + 17);
  const pick = <T>(list: T[]) => list[Math.floor(rng() * list.length)] as T;
  const sentence = () =>
    rng() < LOAD_NOTES_SHARE
      ? pick(c.sentences)
      : `${Array.from({ length: 6 + Math.floor(rng() * 10) }, () => c.word(rng())).join('')}。`;
  const parts: string[] = [`# 补充讲义 ${n + 1}`];
  let chars = 0;
  while (chars < NOTE_CHARS) {
    parts.push(`## ${rng() < LOAD_NOTES_SHARE ? pick(c.headings) : `${c.word(rng())}${c.word(rng())}`}`);
    for (let p = 0, paragraphs = 2 + Math.floor(rng() * 3); p < paragraphs; p++) {
      const paragraph = Array.from({ length: 3 + Math.floor(rng() * 4) }, sentence).join('');
      chars += paragraph.length;
      parts.push(paragraph);
    }
  }
  return { title: `补充讲义 ${n + 1}`, body: parts.join('\n\n') };
};

const passageCount = async (db: Db, courseId: number) =>
  Number(
    (
      await rowsOf(db, sql`select count(*)::int as n from knowledge_passages where course_id = ${courseId}`)
    )[0]?.n ?? 0,
  );

/** Each question `repeat` times after one warm-up: every sample in ms. */
const timeQuestions = async (db: Db, courseId: number, questions: string[], repeat: number) => {
  const samples: number[] = [];
  for (const query of questions) {
    await retrievePassages({ db, courseId, query, limit: 5 });
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      await retrievePassages({ db, courseId, query, limit: 5 });
      samples.push(performance.now() - started);
    }
  }
  return samples;
};

/** The PostgreSQL server to use besides PGlite (TEST_DATABASE_URL's, else BENCH_ADMIN_URL's), or null. */
const postgresUrl = async (): Promise<string | null> => {
  const url =
    process.env.TEST_DATABASE_URL ??
    process.env.BENCH_ADMIN_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
};

const openDatabase = async (driver: Driver, url: string | null): Promise<Database> => {
  if (driver === 'pglite' || !url) return openTestDatabase(driver);
  const before = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = url;
  try {
    return await openTestDatabase(driver);
  } finally {
    if (before === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = before;
  }
};

export async function runKnowledgeBench(
  options: {
    repeat?: number;
    drivers?: Driver[];
    explain?: boolean;
    storageMain?: boolean;
    log?: (line: string) => void;
  } = {},
): Promise<KnowledgeBenchResult[]> {
  const repeat = options.repeat ?? 5;
  const url = options.drivers ? (process.env.TEST_DATABASE_URL ?? null) : await postgresUrl();
  const drivers = options.drivers ?? (url ? ['pglite', 'pg'] : ['pglite']);
  const log = options.log ?? (() => {});
  const questions = KNOWLEDGE_EVAL_SET.slice(0, QUESTIONS).map((q) => q.question);
  const c = corpus();
  const results: KnowledgeBenchResult[] = [];
  for (const driver of drivers) {
    const database = await openDatabase(driver, url);
    const db = database.db;
    try {
      if (options.storageMain) {
        await db.execute(sql`alter table knowledge_passages alter column search set storage main`);
        await db.execute(sql`alter table knowledge_passages alter column text set storage external`);
      }
      const teacher = await buildUser(db, { name: '基准教师' });
      const courseId = (await createCourseRecord({ db, teacherId: teacher.id, name: '数据结构（基准）' })).id;
      await seedDemoKnowledge({ db, courseId, teacherId: teacher.id });
      await db.execute(sql`analyze`);
      const baselinePassages = await passageCount(db, courseId);
      log(`${driver}: baseline ${baselinePassages} passages`);
      const baseline = await timeQuestions(db, courseId, questions, repeat);

      const started = performance.now();
      const indexing = { notes: 0, passages: 0, chars: 0, seconds: 0 };
      for (let n = 0; baselinePassages + indexing.passages < LOADED_PASSAGES; n++) {
        const note = loadNote(n, c);
        const material = await addMaterial({
          db,
          courseId,
          createdBy: teacher.id,
          kind: 'Note',
          title: note.title,
          body: note.body,
        });
        indexing.notes += 1;
        indexing.passages += material.passages;
        indexing.chars += material.chars;
      }
      indexing.seconds = (performance.now() - started) / 1000;
      await db.execute(sql`analyze`);
      const loadedPassages = await passageCount(db, courseId);
      log(
        `${driver}: indexed ${indexing.notes} notes, ${indexing.passages} passages, ${indexing.chars} characters ` +
          `in ${indexing.seconds.toFixed(1)} s`,
      );
      if (options.explain) {
        for (const query of [questions[0]!, '快速排序的时间复杂度']) {
          const plan = await retrievalPlan({ db, courseId, query, limit: 5 });
          if (plan) console.error(`--- ${driver} ${query}\n${(await explainSearch(db, plan)).join('\n')}`);
        }
      }
      const loaded = await timeQuestions(db, courseId, questions, repeat);
      const baselineMedianMs = quantile(baseline, 0.5);
      const baselineP95Ms = quantile(baseline, 0.95);
      const loadedMedianMs = quantile(loaded, 0.5);
      const loadedP95Ms = quantile(loaded, 0.95);
      results.push({
        driver,
        storageMain: Boolean(options.storageMain),
        baselinePassages,
        loadedPassages,
        questions: questions.length,
        baselineMedianMs,
        baselineP95Ms,
        loadedMedianMs,
        loadedP95Ms,
        slowerMedian: loadedMedianMs / Math.max(0.001, baselineMedianMs),
        slowerP95: loadedP95Ms / Math.max(0.001, baselineP95Ms),
        indexing,
      });
    } finally {
      await database.close();
    }
  }
  return results;
}

/** The results as a table. */
export function knowledgeReport(results: KnowledgeBenchResult[]): string {
  const lines = [
    `knowledge base: retrieval with ${LOADED_PASSAGES.toLocaleString('en')} passages in a course against the demo course's notes (slower = loaded / baseline, target <= ${KNOWLEDGE_TARGET}); indexing through the service`,
    'db      passages      questions  base med  base p95  load med  load p95  slower  p95 slower  indexing',
  ];
  for (const r of results) {
    const perSecond = (x: number) => Math.round(x / Math.max(0.001, r.indexing.seconds));
    lines.push(
      [
        (r.storageMain ? `${r.driver}*` : r.driver).padEnd(6),
        `${r.baselinePassages}/${r.loadedPassages}`.padStart(11),
        String(r.questions).padStart(12),
        r.baselineMedianMs.toFixed(2).padStart(9),
        r.baselineP95Ms.toFixed(2).padStart(9),
        r.loadedMedianMs.toFixed(2).padStart(9),
        r.loadedP95Ms.toFixed(2).padStart(9),
        r.slowerMedian.toFixed(2).padStart(7),
        r.slowerP95.toFixed(2).padStart(11),
        `  ${perSecond(r.indexing.passages)} passages/s, ${perSecond(r.indexing.chars)} chars/s`,
        r.slowerMedian <= KNOWLEDGE_TARGET && r.slowerP95 <= KNOWLEDGE_TARGET ? '' : '  NOT met',
      ].join(' '),
    );
  }
  if (results.some((r) => r.storageMain))
    lines.push('* search vectors kept in the rows (storage main), as BENCH_KNOWLEDGE_STORAGE_MAIN=true asks');
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runKnowledgeBench({
    repeat: Number(process.env.BENCH_KNOWLEDGE_REPEAT ?? 5),
    explain: process.env.BENCH_KNOWLEDGE_EXPLAIN === 'true',
    storageMain: process.env.BENCH_KNOWLEDGE_STORAGE_MAIN === 'true',
    log: (line) => console.error(`[knowledge] ${line}`),
  });
  console.log(knowledgeReport(results));
}
