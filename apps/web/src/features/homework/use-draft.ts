import type { AnswerInput } from '@uplus/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, HttpError } from '../../api/http';

/** How long typing must pause before the draft is saved. */
export const DRAFT_DELAY_MS = 800;
/** After a failed save, the next try (unless the student types again first). */
export const DRAFT_RETRY_MS = 5000;

export type DraftState =
  | { kind: 'idle'; savedAt: number | null }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'error'; message: string };

/*
 * Answers typed but not yet confirmed saved are also kept in this browser (per user and homework) until the
 * server has them: a reload, a closed tab or a lost connection loses nothing; the page sends them again.
 */
const backupKey = (homeworkId: string) =>
  `uplus.homeworkDraft.${window.localStorage.getItem('userid') ?? ''}.${homeworkId}`;

export const readBackup = (homeworkId: string): Record<string, string> => {
  try {
    const raw = window.localStorage.getItem(backupKey(homeworkId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch {
    return {};
  }
};

const writeBackup = (homeworkId: string, unsaved: Record<string, string>) => {
  try {
    if (Object.keys(unsaved).length === 0) window.localStorage.removeItem(backupKey(homeworkId));
    else window.localStorage.setItem(backupKey(homeworkId), JSON.stringify(unsaved));
  } catch {
    // Storage full or refused: the server save still runs.
  }
};

export const clearBackup = (homeworkId: string) => writeBackup(homeworkId, {});

/**
 * Saves changed answers as the student types: each change is kept (in memory and in the browser), and once
 * typing pauses the changed answers go to the server in one call; one call at a time, changes made during it
 * go in the next. A failure keeps them and tries again. `flush` saves at once (before submitting).
 */
export const useDraft = (
  homeworkId: string,
  save: (answers: AnswerInput[]) => Promise<{ savedAt: number }>,
  initialSavedAt: number | null,
  enabled: boolean,
) => {
  const [state, setState] = useState<DraftState>({ kind: 'idle', savedAt: initialSavedAt });
  const unsaved = useRef<Record<string, string>>({});
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const saveRef = useRef(save);
  saveRef.current = save;

  const run = useCallback(async (): Promise<void> => {
    window.clearTimeout(timer.current);
    if (running.current) {
      await running.current;
      if (Object.keys(unsaved.current).length > 0) return run();
      return;
    }
    const sending = { ...unsaved.current };
    if (Object.keys(sending).length === 0) return;
    setState({ kind: 'saving' });
    const attempt = (async () => {
      try {
        const saved = await saveRef.current(
          Object.entries(sending).map(([questionId, answer]) => ({ questionId, answer })),
        );
        // What was sent is saved, unless the student changed it again meanwhile.
        for (const [id, answer] of Object.entries(sending))
          if (unsaved.current[id] === answer) delete unsaved.current[id];
        writeBackup(homeworkId, unsaved.current);
        setState(
          Object.keys(unsaved.current).length > 0
            ? { kind: 'pending' }
            : { kind: 'idle', savedAt: saved.savedAt },
        );
      } catch (error) {
        setState({ kind: 'error', message: errorMessage(error) });
        // A refusal (past the deadline, submitted, a bad answer) will not pass by itself; a lost connection may.
        const refused = error instanceof HttpError && error.status >= 400 && error.status < 500;
        if (!refused)
          timer.current = window.setTimeout(() => void run().catch(() => undefined), DRAFT_RETRY_MS);
        throw error;
      }
    })();
    running.current = attempt.catch(() => undefined);
    try {
      await attempt;
    } finally {
      running.current = null;
    }
    if (Object.keys(unsaved.current).length > 0) return run();
  }, [homeworkId]);

  /** One answer changed: kept at once, saved once typing pauses. */
  const change = useCallback(
    (questionId: string, answer: string) => {
      if (!enabled) return;
      unsaved.current[questionId] = answer;
      writeBackup(homeworkId, unsaved.current);
      setState((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void run().catch(() => undefined), DRAFT_DELAY_MS);
    },
    [enabled, homeworkId, run],
  );

  /** Answers from the browser's backup of an earlier visit, to be sent again. */
  const restore = useCallback(
    (answers: Record<string, string>) => {
      if (!enabled || Object.keys(answers).length === 0) return;
      Object.assign(unsaved.current, answers);
      setState({ kind: 'pending' });
      timer.current = window.setTimeout(() => void run().catch(() => undefined), 0);
    },
    [enabled, run],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const hasUnsaved = useCallback(() => Object.keys(unsaved.current).length > 0, []);

  return {
    state,
    change,
    restore,
    /** Saves what is unsaved now; rejects when the save fails. */
    flush: run,
    hasUnsaved,
    /** After a submit took every answer: nothing is left to save. */
    reset: () => {
      window.clearTimeout(timer.current);
      unsaved.current = {};
      clearBackup(homeworkId);
      setState({ kind: 'idle', savedAt: null });
    },
  };
};
