/*
 * Reading the draft stream of `POST /api/course/ai/generate_questions/sse` (spec 000 section 7):
 * `data: {"event":"message"|"error","answer":"...","taskId":"..."}` lines. Pure: fed text chunks,
 * returns the parsed events; a line split across chunks is kept until its end arrives.
 */

export type DraftEvent = { event: 'message' | 'error' | string; answer: string; taskId?: string };

/** Splits a stream of text chunks into its `data:` events. */
export const createSseParser = () => {
  let buffer = '';
  const parseLine = (line: string): DraftEvent | null => {
    const trimmed = line.replace(/\r$/, '');
    if (!trimmed.startsWith('data:')) return null;
    const payload = trimmed.slice(5).trim();
    if (!payload || payload === '[DONE]') return null;
    try {
      const value = JSON.parse(payload) as Partial<DraftEvent> | null;
      if (!value || typeof value !== 'object') return null;
      return {
        event: typeof value.event === 'string' ? value.event : 'message',
        answer: typeof value.answer === 'string' ? value.answer : '',
        taskId: typeof value.taskId === 'string' && value.taskId ? value.taskId : undefined,
      };
    } catch {
      return null;
    }
  };
  return {
    /** Feeds a chunk; returns the events whose lines are complete. */
    push(chunk: string): DraftEvent[] {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      return lines.map(parseLine).filter((e): e is DraftEvent => e !== null);
    },
    /** The stream ended: the last line, if it had no newline. */
    end(): DraftEvent[] {
      const rest = buffer;
      buffer = '';
      const event = parseLine(rest);
      return event ? [event] : [];
    },
  };
};
