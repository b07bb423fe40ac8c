import { screen, waitFor, within } from '@testing-library/react';
import { type CareerTalk, type ContentDetail, PORTAL_CONTENT_MSG, RESERVATIONS_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { fail, ok, renderApp, setSite, stubBrowser, stubFetch } from '../../../test/helpers';
import { PAGE_UNPUBLISHED } from './single-page';

const page = (over: Partial<ContentDetail> = {}): ContentDetail => ({
  id: '30',
  kind: 'page',
  slug: 'version',
  title: '版本介绍',
  summary: '标准版、专业版与旗舰版',
  coverUrl: '',
  tags: [],
  publishedAt: 1,
  ownerCode: 'uplus',
  attrs: {},
  body: '<h2>标准版</h2><p>面向单个学院</p>',
  updatedAt: 1,
  prev: null,
  next: null,
  ...over,
});

describe('single pages', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    vi.unstubAllGlobals();
  });

  it('shows the page of its slug: hero, breadcrumbs, body, the tab title', async () => {
    const calls = stubFetch({
      'GET /api/portal/contents/by-slug/page/version': ok(page({ title: '平台版本介绍' })),
    });
    renderApp('/exclusive/version');
    expect(await screen.findByRole('heading', { level: 1, name: '平台版本介绍' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '标准版' })).toBeTruthy();
    expect(screen.getByText('标准版、专业版与旗舰版')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '首页' }).getAttribute('href')).toBe('/home/index');
    await waitFor(() => expect(document.title).toContain('平台版本介绍'));
    expect(calls.some((c) => c.path === '/api/portal/contents/by-slug/page/version')).toBe(true);
  });

  it('the route of /home/hefeixinhuo asks for the slug hefeixinhuo', async () => {
    const calls = stubFetch({
      'GET /api/portal/contents/by-slug/page/hefeixinhuo': ok(
        page({ slug: 'hefeixinhuo', title: '合肥薪火计划', body: '<p>薪火相传</p>' }),
      ),
    });
    renderApp('/home/hefeixinhuo');
    expect(await screen.findByText('薪火相传')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/by-slug/page/hefeixinhuo'))).toBe(true);
  });

  it('an unpublished page says so, with a way home (not an error, not 正在建设中)', async () => {
    stubFetch({
      'GET /api/portal/contents/by-slug/page/qualification': fail(404, PORTAL_CONTENT_MSG.notFound),
    });
    renderApp('/qualification/index');
    const empty = await screen.findByTestId('page-unpublished');
    expect(empty.textContent).toContain(PAGE_UNPUBLISHED);
    expect(within(empty).getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home/index');
    expect(screen.getByRole('heading', { level: 1, name: '资质荣誉' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('正在建设中');
    expect(document.body.textContent).not.toContain(PORTAL_CONTENT_MSG.notFound);
  });

  it('a failed call offers 重试', async () => {
    stubFetch({ 'GET /api/portal/contents/by-slug/page/ability': fail(500, '服务器开小差了') });
    renderApp('/ability/index');
    const error = await screen.findByTestId('query-error');
    expect(within(error).getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });

  it('openGauss has its own bar with the site name leading home (the site header is hidden)', async () => {
    setSite({ TITLE: '优加实训平台' });
    stubFetch({
      'GET /api/portal/contents/by-slug/page/openGauss': ok(
        page({ slug: 'openGauss', title: 'openGauss 实训' }),
      ),
    });
    renderApp('/training/openGauss');
    const bar = await screen.findByTestId('opengauss-topbar');
    expect(within(bar).getByRole('link', { name: '优加实训平台 首页' }).getAttribute('href')).toBe(
      '/home/index',
    );
    expect(screen.queryByTestId('header-product')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'openGauss 实训' })).toBeTruthy();
  });

  it('the qdec page lists the open internship programmes below its text', async () => {
    stubFetch({
      'GET /api/portal/contents/by-slug/page/qdecInternProgram': ok(
        page({
          slug: 'qdecInternProgram',
          title: '职业院校智能制造产教联盟实习计划',
          body: '<p>产教融合</p>',
        }),
      ),
      'GET /api/ourea/intern_programs': ok({ rows: [], total: 0 }),
    });
    renderApp('/exclusive/qdecInternProgram');
    expect(await screen.findByText('产教融合')).toBeTruthy();
    expect(await within(screen.getByTestId('qdec-programmes')).findByTestId('programs-page')).toBeTruthy();
  });

  it('联盟简介 shows its page inside the alliance frame', async () => {
    stubFetch({
      'GET /api/portal/contents/by-slug/page/allianceAbout': ok(
        page({ slug: 'allianceAbout', title: '联盟简介', body: '<p>联盟章程</p>' }),
      ),
    });
    renderApp('/alliance/index/about');
    expect(await screen.findByText('联盟章程')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: '联盟简介' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '联盟栏目' });
    expect(within(nav).getByRole('link', { name: '联盟简介' }).getAttribute('aria-current')).toBe('page');
  });
});

const now = Date.now();
const talk = (over: Partial<CareerTalk> = {}): CareerTalk => ({
  id: '5',
  subject: '2027届校园招聘宣讲',
  mode: 'Online',
  status: 'Publish',
  talkStatus: 'Playback',
  startTimestamp: now - 86_400_000,
  endTimestamp: now - 3_600_000,
  place: '',
  description: '欢迎同学们',
  posterUrl: null,
  participantCount: 2,
  company: { id: '1', name: '优加信息技术有限公司', nickName: '小U', logo: null },
  liveRoom: { roomId: 'talk-5', onlineCount: 0, viewCount: 3 },
  liveStarted: true,
  hasPlayback: true,
  reservation: false,
  reservationId: null,
  ...over,
});

describe('/h5/talklive', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    vi.unstubAllGlobals();
  });

  it('plays the playback of a talk on a phone, without the site chrome', async () => {
    const calls = stubFetch({
      'GET /api/ourea/career_talks/5': ok(talk()),
      'GET /api/live/info/talk-5': ok({
        roomId: 'talk-5',
        talkId: '5',
        subject: 's',
        talkStatus: 'Playback',
        liveStarted: true,
        playUrls: null,
        onlineCount: 0,
        viewCount: 3,
        liveRoomPlaybackModels: [{ playbackUrl: '/api/files/1/v.mp4?sig=x', contentType: 'video/mp4' }],
      }),
    });
    renderApp('/h5/talklive?id=5');
    expect(await screen.findByRole('heading', { level: 1, name: '2027届校园招聘宣讲' })).toBeTruthy();
    expect(screen.getByText('小U')).toBeTruthy();
    const screenArea = screen.getByTestId('h5-talk-screen');
    await vi.waitFor(() => expect(screenArea.querySelector('video')).toBeTruthy(), { timeout: 4000 });
    expect(calls.some((c) => c.path === '/api/live/info/talk-5')).toBe(true);
    expect(screen.queryByTestId('header-product')).toBeNull();
  });

  it('a canceled talk says so; a talk not started does not ask for its room', async () => {
    const calls = stubFetch({
      'GET /api/ourea/career_talks/5': ok(talk({ status: 'Canceled' })),
      'GET /api/ourea/career_talks/6': ok(
        talk({
          id: '6',
          talkStatus: 'NotStarted',
          startTimestamp: now + 3_600_000,
          endTimestamp: now + 7_200_000,
        }),
      ),
    });
    const { router } = renderApp('/h5/talklive?id=5');
    expect((await screen.findByTestId('h5-talk-closed')).textContent).toBe(RESERVATIONS_MSG.talkCanceled);
    await router.navigate('/h5/talklive?id=6');
    expect(await screen.findByText('直播尚未开始，开始后在本页观看')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/live/'))).toBe(false);
  });
});
