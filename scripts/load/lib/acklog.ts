import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/*
 * The log of writes: every write the load sends is logged with what must be in the database afterwards if
 * the server acknowledged it (2xx with success). Writes that were not acknowledged are logged too: one that
 * failed may still have been applied, so its value is allowed in the database but never required.
 * scripts/load/verify.ts replays the log against the database.
 */

/** What a write changed, so that verify can find it in the database. */
export type WriteRef =
  /** a homework answer (draft or submit), by the student's user name */
  | { kind: 'answer'; homeworkId: number; username: string; questionId: number }
  /** a submission marked submitted; `codeQuestionId`: its code answer must end graded */
  | { kind: 'submission'; homeworkId: number; username: string; codeQuestionId: number | null }
  /** the self-evaluation text of an online resume */
  | { kind: 'resume'; resumeId: number }
  /** a question added to a teacher's library, found by its title */
  | { kind: 'libQuestion'; username: string; title: string }
  /** a teacher's grade comment of one homework answer */
  | { kind: 'grade'; answerId: number }
  /** a homework created and published by the load's set-up */
  | { kind: 'homework'; homeworkId: number }
  /** an access token ended by a sign-out (its SHA-256 as the server stores it) */
  | { kind: 'signout'; tokenHash: string };

export type WriteRecord = {
  /** one key per thing in the database: writes to the same key replace each other (last one wins) */
  key: string;
  ref: WriteRef;
  /** the value that must be there when this write was the last acknowledged one */
  value: string;
  /** epoch ms when the request was sent and when its answer (or failure) came */
  startedAt: number;
  endedAt: number;
  ack: boolean;
  status: number;
};

/** The key of a ref: writes to one key replace each other. */
export const keyOf = (ref: WriteRef): string => {
  switch (ref.kind) {
    case 'answer':
      return `answer:${ref.homeworkId}:${ref.username}:${ref.questionId}`;
    case 'submission':
      return `submission:${ref.homeworkId}:${ref.username}`;
    case 'resume':
      return `resume:${ref.resumeId}`;
    case 'libQuestion':
      return `lib:${ref.username}:${ref.title}`;
    case 'grade':
      return `grade:${ref.answerId}`;
    case 'homework':
      return `homework:${ref.homeworkId}`;
    case 'signout':
      return `signout:${ref.tokenHash}`;
  }
};

/** The SHA-256 of an access token, as the server stores it (sessions.token_hash). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Appends write records to a JSON-lines file (kept in memory too). */
export class AckLog {
  readonly records: WriteRecord[] = [];
  constructor(readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '');
  }

  add(record: Omit<WriteRecord, 'key'>): void {
    const full: WriteRecord = { key: keyOf(record.ref), ...record };
    this.records.push(full);
    appendFileSync(this.file, `${JSON.stringify(full)}\n`);
  }

  acknowledged(): number {
    return this.records.filter((r) => r.ack).length;
  }
}

/** Reads a log written by AckLog. */
export const readAckLog = (file: string): WriteRecord[] => {
  if (!existsSync(file)) throw new Error(`no write log at ${file}`);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as WriteRecord);
};
