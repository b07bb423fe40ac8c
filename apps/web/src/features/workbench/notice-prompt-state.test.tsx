import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { noticePrompt, useNoticePromptBusy } from './notice-prompt-state';

describe('the 课程通知 prompt goes first', () => {
  it('is busy from mounting until it decides, while open, and not once closed or with nothing to show', () => {
    const { result } = renderHook(() => useNoticePromptBusy());
    expect(result.current).toBe(false); // no prompt (a page without the bell): nothing to wait for
    act(() => noticePrompt.mounted());
    expect(result.current).toBe(true); // asking for unread notices
    act(() => noticePrompt.opened());
    expect(result.current).toBe(true);
    act(() => noticePrompt.closed());
    expect(result.current).toBe(false);
    act(() => noticePrompt.unmounted());
    act(() => noticePrompt.mounted());
    expect(result.current).toBe(true);
    act(() => noticePrompt.nothingToShow());
    expect(result.current).toBe(false);
    act(() => noticePrompt.unmounted());
    expect(result.current).toBe(false);
  });
});
