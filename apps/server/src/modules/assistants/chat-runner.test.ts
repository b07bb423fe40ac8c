import type { ChatEvent } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { createTextSender } from './chat-runner';

/* What a follower sends as the answer grows (the stream tests cover it end to end). */
describe('a follower’s text events', () => {
  const follow = (offset: number) => {
    const sent: ChatEvent[] = [];
    return { sent, send: createTextSender(offset, (e) => sent.push(e)) };
  };

  it('sends deltas with the length after each, nothing when the text did not grow', () => {
    const f = follow(0);
    f.send('栈是', false);
    f.send('栈是', false);
    f.send('栈是后进先出', true);
    expect(f.sent).toEqual([
      { event: 'message', answer: '栈是', offset: 2 },
      { event: 'message', answer: '后进先出', offset: 6 },
    ]);
  });

  it('waits for a row flushed behind the client’s offset, then sends only the rest', () => {
    const f = follow(4);
    f.send('栈是', false);
    expect(f.sent).toEqual([]);
    f.send('栈是后进先出', false);
    expect(f.sent).toEqual([{ event: 'message', answer: '先出', offset: 6 }]);
  });

  it('replaces the whole text when the answer was replaced (the homework guard)', () => {
    const f = follow(0);
    f.send('答案是B', false);
    f.send('我不能直接告诉你答案', true);
    expect(f.sent.at(-1)).toEqual({
      event: 'message',
      answer: '我不能直接告诉你答案',
      offset: 10,
      replace: true,
    });
    const late = follow(12);
    late.send('我不能直接告诉你', true);
    expect(late.sent).toEqual([{ event: 'message', answer: '我不能直接告诉你', offset: 8, replace: true }]);
  });
});
