import { describe, expect, it } from 'vitest';
import { markMessagesReadBody, messagesQuery } from './messages';

describe('message schemas', () => {
  it('pages with defaults and refuses bad paging', () => {
    expect(messagesQuery.parse({})).toEqual({ pageNumber: 1, pageSize: 10 });
    expect(messagesQuery.parse({ pageNumber: '2', pageSize: '20', type: 'Course' })).toEqual({
      pageNumber: 2,
      pageSize: 20,
      type: 'Course',
    });
    for (const bad of [{ pageNumber: '0' }, { pageSize: '101' }, { pageSize: 'x' }, { type: 'Other' }]) {
      expect(messagesQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('mark-read needs ids or all', () => {
    expect(markMessagesReadBody.safeParse({ ids: ['1', '2'] }).success).toBe(true);
    expect(markMessagesReadBody.safeParse({ all: true }).success).toBe(true);
    const none = markMessagesReadBody.safeParse({});
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.message).toBe('请选择要标记已读的消息');
    expect(markMessagesReadBody.safeParse({ ids: [] }).success).toBe(false);
    expect(markMessagesReadBody.safeParse({ ids: ['a'] }).error?.issues[0]?.message).toBe('消息编号不正确');
  });
});
