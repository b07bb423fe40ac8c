import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubBrowser } from '../../test/helpers';
import { ASSISTANT_VISIBLE_KEY, CONVERSATION_KEY } from './assistant-model';
import { BASE, contextOf, conversationOf, messageOf, stubAssistantFetch } from './test-support';

/*
 * axe-core on the open panel with a conversation in it (labels, roles, names, ARIA attributes). Colour
 * contrast and layout rules need a real browser: the Playwright flows run axe there on every page.
 */
const violationsIn = async (root: Element) => {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('assistant accessibility', () => {
  beforeEach(() => {
    setSite({ QUC: '/idp', TITLE: '优加教育平台' });
    stubBrowser();
    window.sessionStorage.clear();
  });
  afterEach(() => window.sessionStorage.clear());

  it('the panel with a conversation, its list and the sender has no axe violations', async () => {
    signIn('Student');
    window.sessionStorage.setItem(ASSISTANT_VISIBLE_KEY, '1');
    window.sessionStorage.setItem(`${CONVERSATION_KEY}CourseQA:7:`, '3');
    stubAssistantFetch({
      ...sessionRoutes('Student', '王小明'),
      'POST /api/qmn/c/counts': ok({
        unread: 0,
        byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
      }),
      'GET /api/base/organ/modules': ok([]),
      'GET /api/base/organ/permissions': ok({ qabot: 2 }),
      'GET /api/course/athena/courses/study': ok({
        rows: [
          {
            id: '7',
            name: '数据结构',
            startTime: null,
            endTime: null,
            creator: '李静',
            type: 'Theory',
            focus: false,
            coverStyle: 1,
            classId: '5',
            className: '软件2401班',
            courseArchived: false,
            selfArchived: false,
            joinedAt: 1,
          },
        ],
        total: 1,
      }),
      [`GET ${BASE}/context`]: ok(contextOf()),
      [`GET ${BASE}/conversations`]: ok({ rows: [conversationOf()], total: 1 }),
      [`GET ${BASE}/conversations/3/messages`]: ok({
        rows: [
          messageOf({
            id: 10,
            files: [
              {
                fileId: 2,
                name: '扫描.pdf',
                kind: 'document',
                status: 'Failed',
                message: '无法读取',
                chars: 0,
              },
            ],
          }),
          messageOf({
            id: 11,
            role: 'assistant',
            content: '栈是**后进先出**的[1]。\n\n| a | b |\n| - | - |\n| 1 | 2 |\n\n```js\nlet a = 1;\n```',
            citations: [
              {
                n: 1,
                passageId: 5,
                materialId: 2,
                materialTitle: '第三章',
                heading: '3.1 栈',
                excerpt: '栈',
              },
            ],
          }),
        ],
        total: 2,
      }),
    });
    renderApp('/workbench/index/school');
    const panel = await screen.findByTestId('assistant-panel');
    await within(panel).findByTestId('chat-markdown');
    await within(panel).findByRole('button', { name: '查看引用 1' });
    expect(await violationsIn(panel)).toEqual([]);

    fireEvent.click(within(panel).getByTestId('chat-toggle-list'));
    await waitFor(() => expect(within(panel).getAllByTestId('chat-conversation')).toHaveLength(1));
    expect(await violationsIn(panel)).toEqual([]);
  });
});
