import { describe, expect, it } from 'vitest';
import { hasUnstorableText, storable, storableText } from './storable-text';

describe('storable text', () => {
  it('removes NUL and lone surrogates, keeps every other character (emoji, CJK, control characters)', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('x\uD800y\uDC00z')).toBe('xyz');
    expect(storableText('end\uD83D')).toBe('end');
    expect(storableText('栈😀\t\u0001\n')).toBe('栈😀\t\u0001\n');
    expect(hasUnstorableText('a\u0000')).toBe(true);
    expect(hasUnstorableText('\uDC00')).toBe(true);
    expect(hasUnstorableText('😀 ok')).toBe(false);
  });

  it('cleans every string of a JSON-like value and leaves the rest as it is', () => {
    const value = {
      titleText: 't\u0000',
      options: [{ id: 'A', optionContent: '\uD800x' }],
      difficulty: 3,
      failureMsg: null,
      testcases: [{ input: '1\u0000', output: '2', weight: 100 }],
    };
    expect(storable(value)).toEqual({
      titleText: 't',
      options: [{ id: 'A', optionContent: 'x' }],
      difficulty: 3,
      failureMsg: null,
      testcases: [{ input: '1', output: '2', weight: 100 }],
    });
    expect(value.titleText).toBe('t\u0000');
  });
});
