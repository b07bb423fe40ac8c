import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubBrowser } from '../../test/helpers';
import { BASE, contextOf, type Route, sseResponse, stubAssistantFetch } from '../assistants/test-support';

/** A student whose organisation has the QA bot, on the mentor's page, with the mentor's calls. */
const routes = (granted: boolean, extra: Record<string, Route> = {}): Record<string, Route> => ({
  ...sessionRoutes('Student', '王小明'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/base/organ/permissions': ok({ qabot: 2 }),
  [`GET ${BASE}/context`]: ok(
    contextOf({
      scene: 'CareerMentorQA',
      courseId: null,
      courseName: null,
      hasKnowledge: false,
      remaining: 30,
    }),
  ),
  [`GET ${BASE}/conversations`]: ok({ rows: [], total: 0 }),
  [`GET ${BASE}/mentor/consent`]: ok({ granted }),
  [`PUT ${BASE}/mentor/consent`]: (call) => ok({ granted: (call.body as { granted: boolean }).granted }),
  [`POST ${BASE}/chat`]: () => sseResponse([]),
  ...extra,
});

describe('职业导师 page', () => {
  beforeEach(() => {
    setSite({ QUC: '/idp', TITLE: '优加教育平台' });
    stubBrowser();
    window.sessionStorage.clear();
  });
  afterEach(() => window.sessionStorage.clear());

  it('embeds the mentor chat (CareerMentorQA, aiCareerMentor) in its area, with the consent panel', async () => {
    signIn('Student');
    const calls = stubAssistantFetch(routes(false));
    renderApp('/workbench/index/careerMentor');
    const area = await screen.findByTestId('career-mentor-area');
    expect(screen.getByRole('heading', { name: '职业导师', level: 1 })).toBeTruthy();
    const chat = within(area);
    // what the mentor reads, and that without consent it cannot see the resume
    const consent = await chat.findByTestId('mentor-consent');
    expect(consent.textContent).toContain('简历、求职意向、投递记录');
    expect((await chat.findByTestId('mentor-consent-state')).textContent).toBe(
      '未授权：职业导师看不到你的简历，只能给出一般性的建议。',
    );
    const toggle = chat.getByRole('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => c.path === `${BASE}/context`)?.query.toString()).toBe('scene=CareerMentorQA'),
    );
    // the page layout: conversations beside the chat; no student prompt groups, no knowledge base
    expect(await chat.findByRole('navigation', { name: '会话列表' })).toBeTruthy();
    expect(chat.queryByTestId('chat-types')).toBeNull();
    expect(chat.queryByRole('switch', { name: '知识库' })).toBeNull();
    expect(chat.getByTestId('chat-empty').textContent).toContain('职业导师');

    // it still answers without consent
    const box = (await chat.findByRole('textbox', { name: '输入问题' })) as HTMLTextAreaElement;
    expect(box.getAttribute('placeholder')).toBe('问问职业规划、简历或面试');
    fireEvent.change(box, { target: { value: '我适合做前端吗' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === `${BASE}/chat`)?.body).toEqual({
        scene: 'CareerMentorQA',
        chatType: 'aiCareerMentor',
        query: '我适合做前端吗',
        fileIds: [],
        knowledge: false,
      }),
    );

    // granting consent
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === `${BASE}/mentor/consent`)?.body).toEqual({
        granted: true,
      }),
    );
    expect(await chat.findByText('已授权：职业导师可以看到你的简历与求职信息。')).toBeTruthy();
    expect(chat.getByRole('switch', { name: /允许读取/ }).getAttribute('aria-checked')).toBe('true');
  });
});
