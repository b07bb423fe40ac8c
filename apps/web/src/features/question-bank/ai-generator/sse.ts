import { createSseReader } from '../../../api/sse';

/*
 * Reading the draft stream of `POST /api/course/ai/generate_questions/sse` (spec 000 section 7):
 * `data: {"event":"message"|"error","answer":"...","taskId":"..."}` lines, on the generic reader of
 * api/sse.ts. Pure: fed text chunks, returns the parsed events.
 */

export type DraftEvent = { event: 'message' | 'error' | string; answer: string; taskId?: string };

const toDraftEvent = (value: Record<string, unknown>): DraftEvent => ({
  event: typeof value.event === 'string' ? value.event : 'message',
  answer: typeof value.answer === 'string' ? value.answer : '',
  taskId: typeof value.taskId === 'string' && value.taskId ? value.taskId : undefined,
});

/** Splits a stream of text chunks into its `data:` events. */
export const createSseParser = () => {
  const reader = createSseReader();
  return {
    /** Feeds a chunk; returns the events whose lines are complete. */
    push: (chunk: string): DraftEvent[] => reader.push(chunk).map(toDraftEvent),
    /** The stream ended: the last line, if it had no newline. */
    end: (): DraftEvent[] => reader.end().map(toDraftEvent),
  };
};
