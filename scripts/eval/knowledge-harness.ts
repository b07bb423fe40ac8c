// The knowledge-base retrieval evaluation (issue 16 part 6): the demo course's lecture notes written
// through the knowledge service into a course of a fresh database, the labelled questions of
// knowledge-questions.ts asked through `retrievePassages`, and recall@1, recall@5 and MRR (of the first
// acceptable passage among the top 10) for the development half, the held-out half and all questions.
import type { Db } from '../../apps/server/src/db/client';
import { passagesOfMaterial } from '../../apps/server/src/modules/assistants/knowledge.repo';
import { retrievePassages } from '../../apps/server/src/modules/assistants/knowledge.service';
import { createCourseRecord } from '../../apps/server/src/modules/courses/courses.service';
import { createUser } from '../../apps/server/src/modules/users/users.service';
import { seedDemoKnowledge } from '../../apps/server/src/seed/demo-knowledge';
import { KNOWLEDGE_EVAL_SET, type LabelledQuestion } from './knowledge-questions';

export const EVAL_TOP = 10;

export type QuestionResult = {
  question: string;
  half: 'dev' | 'heldout';
  /** 1-based rank of the first acceptable passage among the top EVAL_TOP, null when not there */
  rank: number | null;
  /** titles/headings of the top 3, for reading a miss */
  top: string[];
};

export type RecallFigures = { n: number; recall1: number; recall5: number; mrr: number };
export type KnowledgeEvalReport = {
  passages: number;
  materials: number;
  dev: RecallFigures;
  heldout: RecallFigures;
  all: RecallFigures;
  results: QuestionResult[];
  /** median and p95 of one retrieval, ms */
  retrievalMs: { p50: number; p95: number };
};

const squash = (s: string) => s.replace(/\s+/g, '');

/** A course of a new teacher with the demo lecture notes, through the knowledge service. */
export const seedEvalCourse = async (db: Db) => {
  const teacher = await createUser({
    db,
    username: `kbeval${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`,
    name: '评测教师',
    password: 'Kb-eval-2026',
  });
  const course = await createCourseRecord({ db, teacherId: teacher.id, name: '数据结构' });
  const materials = await seedDemoKnowledge({ db, courseId: course.id, teacherId: teacher.id });
  return { courseId: course.id, materials };
};

/** The passage ids each question accepts (a label that names no passage is an error in the set). */
export const resolveLabels = async (
  db: Db,
  materials: { id: number; title: string }[],
  set: LabelledQuestion[],
): Promise<Set<number>[]> => {
  const passages = new Map<string, { id: number; text: string }[]>();
  for (const m of materials) passages.set(m.title, await passagesOfMaterial(db, m.id));
  return set.map((q) => {
    const ids = new Set<number>();
    for (const a of q.answers) {
      const title = materials.find((m) => m.title.endsWith(a.material))?.title;
      if (!title) throw new Error(`no note titled …${a.material} (question ${q.question})`);
      for (const p of passages.get(title) ?? []) if (squash(p.text).includes(squash(a.phrase))) ids.add(p.id);
      if (ids.size === 0) throw new Error(`no passage of ${a.material} holds 「${a.phrase}」`);
    }
    return ids;
  });
};

const figures = (results: QuestionResult[]): RecallFigures => {
  const n = results.length;
  const share = (f: (r: QuestionResult) => boolean) => (n ? results.filter(f).length / n : 0);
  return {
    n,
    recall1: share((r) => r.rank === 1),
    recall5: share((r) => r.rank !== null && r.rank <= 5),
    mrr: n ? results.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / n : 0,
  };
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
};

/** Seeds the notes into `db` and asks every labelled question. */
export async function runKnowledgeEval(db: Db, set = KNOWLEDGE_EVAL_SET): Promise<KnowledgeEvalReport> {
  const { courseId, materials } = await seedEvalCourse(db);
  const accepted = await resolveLabels(db, materials, set);
  const results: QuestionResult[] = [];
  const times: number[] = [];
  for (const [i, q] of set.entries()) {
    const started = performance.now();
    const hits = await retrievePassages({ db, courseId, query: q.question, limit: EVAL_TOP });
    times.push(performance.now() - started);
    const index = hits.findIndex((h) => accepted[i]!.has(h.passageId));
    results.push({
      question: q.question,
      half: i % 2 === 0 ? 'dev' : 'heldout',
      rank: index === -1 ? null : index + 1,
      top: hits.slice(0, 3).map((h) => `${h.materialTitle.replace(/^.*·/, '')} › ${h.heading ?? ''}`),
    });
  }
  return {
    passages: materials.reduce((s, m) => s + m.passages, 0),
    materials: materials.length,
    dev: figures(results.filter((r) => r.half === 'dev')),
    heldout: figures(results.filter((r) => r.half === 'heldout')),
    all: figures(results),
    results,
    retrievalMs: { p50: quantile(times, 0.5), p95: quantile(times, 0.95) },
  };
}

/** The report as text: the figures per half, then each miss of the top 5 with what came first. */
export function knowledgeEvalText(report: KnowledgeEvalReport, opts: { misses?: boolean } = {}): string {
  const f = (x: number) => x.toFixed(3);
  const line = (name: string, r: RecallFigures) =>
    `${name.padEnd(9)} n=${String(r.n).padStart(3)}  recall@1 ${f(r.recall1)}  recall@5 ${f(r.recall5)}  MRR ${f(r.mrr)}`;
  const lines = [
    `knowledge-base retrieval: ${report.materials} notes, ${report.passages} passages, ${report.all.n} labelled questions`,
    line('dev', report.dev),
    line('held-out', report.heldout),
    line('all', report.all),
    `retrieval time per question: p50 ${report.retrievalMs.p50.toFixed(1)} ms, p95 ${report.retrievalMs.p95.toFixed(1)} ms`,
  ];
  if (opts.misses !== false) {
    const misses = report.results.filter((r) => r.rank === null || r.rank > 5);
    if (misses.length) lines.push('', 'not in the top 5:');
    for (const r of misses)
      lines.push(`  [${r.half}] ${r.question} (rank ${r.rank ?? '>10'}) -> ${r.top.join(' | ')}`);
  }
  return lines.join('\n');
}
