import type { MessageFile } from '@uplus/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';

/*
 * SEAM (issue 16 part 5): files given with a question. Owner: helper as-files (upload route, checks,
 * extraction into assistant_files). The runner calls `readAssistantFiles` with the question's fileIds:
 * the actor's own files only (else 400 文件不存在或无权使用), each with its text.
 */
export type ReadFile = MessageFile & { text: string };

/** Baseline until as-files lands: no files. */
export const readAssistantFiles = async (_opts: {
  db: Db;
  actor: Actor;
  fileIds: readonly number[];
}): Promise<ReadFile[]> => [];
