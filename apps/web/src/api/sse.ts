/*
 * Reading a `text/event-stream` answer (the AI generator's drafts, the assistants' chat): each event is a
 * `data:` line holding JSON. Pure: fed text chunks, returns the parsed payloads; a line split across chunks
 * is kept until its end arrives. Lines that are not data (comments, `event:`, keep-alives) are skipped, and
 * so is `[DONE]` and anything that is not a JSON object.
 */

/** Splits a stream of text chunks into the JSON objects of its `data:` lines. */
export const createSseReader = () => {
  let buffer = '';
  const parseLine = (line: string): Record<string, unknown> | null => {
    const trimmed = line.replace(/\r$/, '');
    if (!trimmed.startsWith('data:')) return null;
    const payload = trimmed.slice(5).trim();
    if (!payload || payload === '[DONE]') return null;
    try {
      const value: unknown = JSON.parse(payload);
      return value && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  };
  return {
    /** Feeds a chunk; returns the payloads whose lines are complete. */
    push(chunk: string): Record<string, unknown>[] {
      buffer += chunk;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      return lines.map(parseLine).filter((e): e is Record<string, unknown> => e !== null);
    },
    /** The stream ended: the last line, if it had no newline. */
    end(): Record<string, unknown>[] {
      const rest = buffer;
      buffer = '';
      const event = parseLine(rest);
      return event ? [event] : [];
    },
  };
};

/**
 * Reads a streamed response body to its end, handing every payload to `onPayload` in order (a throw from
 * it stops the reading and is rethrown). Rejects with the fetch's AbortError when the call is aborted.
 */
export const readEventStream = async (
  body: ReadableStream<Uint8Array>,
  onPayload: (payload: Record<string, unknown>) => void,
): Promise<void> => {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const sse = createSseReader();
  const apply = (payloads: Record<string, unknown>[]) => {
    for (const payload of payloads) onPayload(payload);
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      apply(sse.push(decoder.decode(value, { stream: true })));
    }
    apply(sse.push(decoder.decode()));
    apply(sse.end());
  } finally {
    try {
      await reader.cancel();
    } catch {
      // already closed or errored
    }
    reader.releaseLock();
  }
};
