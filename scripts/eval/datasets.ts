// The labelled sets the judge is measured on: the Chinese set of this repository and the public UNT
// short-answer benchmark (read at run time from ../shared; its licence is "free for research", so it is
// not copied into the repository).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ZH_FILE = path.join(REPO_ROOT, 'datasets/zh-cs-short-answer/items.jsonl');
export const UNT_DIR_DEFAULT = path.resolve(REPO_ROOT, '../shared/datasets/unt-short-answer');
/** UNT grades are 0..5; they are rescaled to this question score (human × 2). */
export const UNT_QUESTION_SCORE = 10;

export type DatasetName = 'zh' | 'unt';

export interface JudgeItem {
  dataset: DatasetName;
  id: string;
  question: string;
  realAnswer: string;
  studentAnswer: string;
  questionScore: number;
  questionType: 'ShortAnswer' | 'Programming';
  /** on the item's own scale, 0..questionScore */
  humanScore: number;
  injection: boolean;
  rationale?: string;
}

/** Parses CSV text (RFC 4180: quoted fields, doubled quotes, newlines inside quotes) into rows. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

const records = (text: string): Record<string, string>[] => {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), r[i] ?? ''])));
};

/** The Chinese set (datasets/zh-cs-short-answer/items.jsonl). */
export function loadZh(file = ZH_FILE): JudgeItem[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const o = JSON.parse(line) as Omit<JudgeItem, 'dataset'>;
      return { ...o, dataset: 'zh' as const };
    });
}

/** Where the UNT set is, or null when it is not there. */
export const findUntDir = (dir = process.env.UNT_DIR ?? UNT_DIR_DEFAULT): string | null =>
  existsSync(path.join(dir, 'questions.csv')) && existsSync(path.join(dir, 'answers.csv')) ? dir : null;

/**
 * The UNT set: one item per graded answer; the human score (average of two graders, 0..5) is rescaled to
 * UNT_QUESTION_SCORE. Answers whose question is missing or whose score is not a number are skipped.
 */
export function loadUnt(dir: string): JudgeItem[] {
  const questions = new Map(
    records(readFileSync(path.join(dir, 'questions.csv'), 'utf8')).map((q) => [q.id, q]),
  );
  const counters = new Map<string, number>();
  const items: JudgeItem[] = [];
  for (const a of records(readFileSync(path.join(dir, 'answers.csv'), 'utf8'))) {
    const q = questions.get(a.id ?? '');
    const score = Number(a.score);
    if (!q || !a.id || !Number.isFinite(score) || score < 0 || score > 5) continue;
    const n = (counters.get(a.id) ?? 0) + 1;
    counters.set(a.id, n);
    items.push({
      dataset: 'unt',
      id: `unt-${a.id}-${n}`,
      question: (q.question ?? '').slice(0, 1000),
      realAnswer: (q.answer ?? '').slice(0, 1000),
      // A blank answer scores 0 without the model; the judge's validation asks for at least one character.
      studentAnswer: (a.answer ?? '').slice(0, 1000) || ' ',
      questionScore: UNT_QUESTION_SCORE,
      questionType: 'ShortAnswer',
      humanScore: (score * UNT_QUESTION_SCORE) / 5,
      injection: false,
    });
  }
  return items;
}

/** At most `limit` items spread evenly over the list (so a small run still covers many questions). */
export function spread<T>(items: T[], limit: number | undefined): T[] {
  if (limit === undefined || limit >= items.length) return items;
  if (limit <= 0) return [];
  const step = items.length / limit;
  return Array.from({ length: limit }, (_, i) => items[Math.floor(i * step)]!);
}
