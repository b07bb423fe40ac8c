import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubBrowser, stubFetch } from '../../../test/helpers';
import { aiScene } from '../ai-generator/ai-scene';

const LANGUAGES = { 'GET /api/course/programExecution/languages': ok([]) };

const useTool = async (key: 'generator' | 'judge') =>
  fireEvent.click(within(await screen.findByTestId(`ai-tool-${key}`)).getByRole('button'));

describe('/ai/toolkit', () => {
  let spies: ReturnType<typeof stubBrowser>;
  beforeEach(() => {
    setSite();
    spies = stubBrowser();
  });
  afterEach(() => {
    aiScene.closeGenerator();
    aiScene.closeJudge();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('opens the home variants for a teacher: generator without 导入, judge with the 1000 px form', async () => {
    signIn('Teacher');
    stubFetch({ ...sessionRoutes('Teacher', '王老师'), ...LANGUAGES });
    renderApp('/ai/toolkit');
    await useTool('generator');
    expect(await screen.findByTestId('ai-generator-panel')).toBeTruthy();
    expect(screen.getByText('开始出题')).toBeTruthy();
    expect(aiScene.get().generator).toMatchObject({ variant: 'home', target: null, routeNames: ['toolkit'] });
    aiScene.closeGenerator();
    await useTool('judge');
    expect(await screen.findByTestId('ai-judge-panel')).toBeTruthy();
    expect(screen.getByTestId('ai-judge-start')).toBeTruthy();
  });

  it('tells a student 学生身份暂无权限 and opens nothing', async () => {
    signIn('Student');
    stubFetch(sessionRoutes('Student'));
    renderApp('/ai/toolkit');
    await useTool('generator');
    expect(await screen.findByText('学生身份暂无权限')).toBeTruthy();
    expect(screen.queryByTestId('ai-generator-panel')).toBeNull();
    expect(aiScene.get().generator).toBeNull();
  });

  it('prompts a visitor to sign in', async () => {
    stubFetch({});
    renderApp('/ai/toolkit');
    await useTool('judge');
    expect(await screen.findByText('请先登录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /去\s*登\s*录/ }));
    await waitFor(() => expect(spies.assign).toHaveBeenCalled());
    expect(String(spies.assign.mock.calls[0]?.[0])).toContain('/idp/login');
    expect(aiScene.get().judge).toBeNull();
  });

  it('hides an open panel on other routes (shown only on the route names it was activated with)', async () => {
    signIn('Teacher');
    stubFetch({ ...sessionRoutes('Teacher', '王老师'), ...LANGUAGES });
    const { router } = renderApp('/ai/toolkit');
    await useTool('judge');
    expect(await screen.findByTestId('ai-judge-panel')).toBeTruthy();
    aiScene.openJudge({ routeNames: ['exerciseLibs'], variant: 'home' });
    await waitFor(() => expect(screen.queryByTestId('ai-judge-panel')).toBeNull());
    expect(router.state.location.pathname).toBe('/ai/toolkit');
  });
});
