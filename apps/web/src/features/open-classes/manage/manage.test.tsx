import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManageCourseDetail, ManageCourseRow } from '@uplus/shared';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { OC, shellRoutes } from '../test-support';
import { sessionBodyOf } from './session-dialog';

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>, role = 'Teacher') => ({
  ...shellRoutes(role),
  [`GET ${OC}/dictionarys`]: (c: RecordedCall) =>
    ok(
      c.query.get('groupCode') === 'CourseClassify'
        ? [{ code: 'CareerPlanning', title: '职业规划' }]
        : [{ code: 'InternetIT', title: '互联网/IT' }],
    ),
  [`GET ${OC}/open_courses/manage/partner_options`]: ok({ rows: [], total: 0 }),
  ...extra,
});

const row = (over: Partial<ManageCourseRow> = {}): ManageCourseRow => ({
  id: '501',
  name: '产品经理的一天',
  liveMode: 'SingleLive',
  status: 'Draft',
  statusTitle: '草稿',
  startAt: null,
  posterUrl: '',
  sessionCount: 0,
  subscriberCount: 0,
  updatedAt: 1,
  ...over,
});

const detail = (over: Partial<ManageCourseDetail> = {}): ManageCourseDetail => ({
  ...row(),
  classifyCode: null,
  industryCode: null,
  introduction: '',
  poster: null,
  lecturers: [],
  partnerSchools: [],
  partnerEnterprises: [],
  sessions: [],
  companyId: null,
  publishedAt: null,
  ...over,
});

const button = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name: new RegExp(name.split('').join('\\s*')) }) as HTMLButtonElement;

describe('organiser: 职业发展课管理', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
  });

  it('lists the organiser’s courses with 草稿 / 已上线 / 已下线, filtered by the status tabs', async () => {
    signIn('Teacher');
    const calls = stubFetch(
      routes({
        [`GET ${OC}/open_courses/manage`]: ok({
          rows: [
            row(),
            row({ id: '502', name: '上线的课', status: 'Online', statusTitle: '已上线', sessionCount: 2 }),
            row({ id: '503', name: '下线的课', status: 'Offline', statusTitle: '已下线', liveMode: 'Video' }),
          ],
          total: 3,
        }),
      }),
    );
    const { router } = renderApp('/u/openclass/manage');
    const rows = await screen.findAllByTestId('manage-row');
    expect(rows.map((r) => within(r).getByTestId('manage-status').textContent)).toEqual([
      '草稿',
      '已上线',
      '已下线',
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: '产品经理的一天' })
        .getAttribute('href'),
    ).toBe('/u/openclass/manage/501');
    fireEvent.click(screen.getByTestId('manage-tab-Online'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=Online'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path.endsWith('/open_courses/manage'))
          .at(-1)
          ?.query.get('status'),
      ).toBe('Online'),
    );
    fireEvent.click(screen.getByTestId('create-open-course'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/openclass/manage/new'));
  });

  it('students are refused', async () => {
    signIn('Student');
    stubFetch(routes({}, 'Student'));
    renderApp('/u/openclass/manage');
    expect(await screen.findByText('学生身份不支持查看')).toBeTruthy();
  });

  it('creating: the form’s errors, then the saved course opens in the editor', async () => {
    signIn('Teacher');
    const calls = stubFetch(
      routes({
        [`POST ${OC}/open_courses/manage`]: (c) => ok(detail({ name: (c.body as { name: string }).name })),
        [`GET ${OC}/open_courses/manage/501`]: ok(detail()),
      }),
    );
    const { router } = renderApp('/u/openclass/manage/new');
    expect(await screen.findByRole('heading', { name: '创建职业发展课' })).toBeTruthy();
    fireEvent.click(button('创建课程'));
    expect(await screen.findByText('请输入课程名称')).toBeTruthy();
    const name = screen.getByTestId('course-name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));

    fireEvent.click(screen.getByTestId('add-lecturer'));
    fireEvent.change(name, { target: { value: ' 产品经理的一天 ' } });
    fireEvent.click(button('创建课程'));
    expect(await screen.findByText('请输入讲师姓名')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.path.endsWith('/open_courses/manage'))).toBe(false);

    fireEvent.change(screen.getByLabelText('讲师1姓名'), { target: { value: '王磊' } });
    fireEvent.click(button('创建课程'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/openclass/manage/501'));
    const body = calls.find((c) => c.method === 'POST' && c.path.endsWith('/open_courses/manage'))?.body;
    expect(body).toMatchObject({
      name: '产品经理的一天',
      liveMode: 'SingleLive',
      lecturers: [{ name: '王磊', title: '', introduction: '' }],
      partnerSchoolIds: [],
      partnerCompanyIds: [],
      posterFileId: null,
    });
    expect(await screen.findByText('课程已创建，请继续添加课次')).toBeTruthy();
  });

  it('sessions: a live session needs its start and end; a video course’s HLS address must be https …m3u8', async () => {
    signIn('Teacher');
    const calls = stubFetch(
      routes({
        [`GET ${OC}/open_courses/manage/501`]: ok(detail()),
        [`GET ${OC}/open_courses/manage/502`]: ok(detail({ id: '502', liveMode: 'Video', name: '视频课' })),
        [`POST ${OC}/open_courses/manage/502/sessions`]: (c) =>
          ok({
            id: '9',
            title: (c.body as { title: string }).title,
            startAt: null,
            endAt: null,
            roomStatus: 'Playback',
            roomStatusTitle: '回放',
            hasVideo: true,
            durationSeconds: 0,
            video: null,
            hlsUrl: (c.body as { hlsUrl: string }).hlsUrl,
          }),
      }),
    );
    const live = renderApp('/u/openclass/manage/501');
    fireEvent.click(await screen.findByTestId('add-session'));
    const form = await screen.findByTestId('session-form');
    fireEvent.click(button('保存', form.closest('.ant-modal') as HTMLElement));
    expect(await screen.findByText('请输入课次标题')).toBeTruthy();
    expect(await screen.findByText('请选择直播开始时间')).toBeTruthy();
    expect(await screen.findByText('请选择直播结束时间')).toBeTruthy();
    live.unmount();

    renderApp('/u/openclass/manage/502');
    fireEvent.click(await screen.findByTestId('add-session'));
    const videoForm = await screen.findByTestId('session-form');
    fireEvent.change(within(videoForm).getByTestId('session-title'), { target: { value: '第1集' } });
    fireEvent.click(within(videoForm).getByLabelText('HLS视频地址'));
    const hls = await within(videoForm).findByTestId('session-hls');
    fireEvent.change(hls, { target: { value: 'http://cdn.example.com/a.mp4' } });
    const modal = videoForm.closest('.ant-modal') as HTMLElement;
    fireEvent.click(button('保存', modal));
    expect(await screen.findByText('HLS地址须为 https:// 开头、.m3u8 结尾的地址')).toBeTruthy();
    fireEvent.change(hls, { target: { value: 'https://cdn.example.com/v/index.m3u8' } });
    fireEvent.click(button('保存', modal));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/502/sessions'))).toBe(true));
    expect(calls.find((c) => c.path.endsWith('/502/sessions'))?.body).toEqual({
      title: '第1集',
      startAt: null,
      endAt: null,
      videoFileId: null,
      hlsUrl: 'https://cdn.example.com/v/index.m3u8',
      durationSeconds: 0,
    });
  });

  it('上线 asks first and shows the server’s refusal; 删除 of a draft asks first, then goes back to the list', async () => {
    signIn('Business');
    const calls = stubFetch(
      routes(
        {
          [`GET ${OC}/open_courses/manage/501`]: ok(detail()),
          [`POST ${OC}/open_courses/manage/501/publish`]: fail(400, '请至少添加一个课次后再发布'),
          [`DELETE ${OC}/open_courses/manage/501`]: ok({ id: '501' }),
          [`GET ${OC}/open_courses/manage`]: ok({ rows: [], total: 0 }),
        },
        'Business',
      ),
    );
    const { router } = renderApp('/u/openclass/manage/501');
    fireEvent.click(await screen.findByTestId('publish'));
    expect(await screen.findByText(/上线后学生即可看到并订阅/)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/publish'))).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText('请至少添加一个课次后再发布')).toBeTruthy();
    // the dialog stays after a refusal
    expect(screen.getByTestId('confirm-content')).toBeTruthy();
    fireEvent.click(
      button('取消', screen.getByTestId('confirm-content').closest('.ant-modal') as HTMLElement),
    );

    fireEvent.click(screen.getByTestId('delete-course'));
    expect(await screen.findByText(/删除后不可恢复/)).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('confirm-ok').at(-1) as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/openclass/manage'));
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/manage/501'))).toBe(true);
  });

  it('an Online course offers 下线 (after a confirm) and no 删除', async () => {
    signIn('Teacher');
    let status: 'Online' | 'Offline' = 'Online';
    const calls = stubFetch(
      routes({
        [`GET ${OC}/open_courses/manage/501`]: () =>
          ok(detail({ status, statusTitle: status === 'Online' ? '已上线' : '已下线', publishedAt: 1 })),
        [`POST ${OC}/open_courses/manage/501/offline`]: () => {
          status = 'Offline';
          return ok(detail({ status: 'Offline', statusTitle: '已下线', publishedAt: 1 }));
        },
      }),
    );
    renderApp('/u/openclass/manage/501');
    fireEvent.click(await screen.findByTestId('offline'));
    expect(screen.queryByTestId('delete-course')).toBeNull();
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/offline'))).toBe(true));
    expect(await screen.findByText('课程已下线')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('edit-status').textContent).toBe('已下线'));
    expect(screen.getByTestId('publish')).toBeTruthy();
  });
});

describe('session body', () => {
  it('a live session sends its span and the playback; a video course its file with the length read from it', async () => {
    const start = dayjs('2026-12-01T09:00:00');
    const video = { id: 7, name: 'a.mp4', contentType: 'video/mp4', size: 1, url: '/f/7' };
    expect(
      await sessionBodyOf(
        { title: ' 第一讲 ', startAt: start, endAt: start.add(1, 'hour'), source: 'file', video: null },
        'SingleLive',
      ),
    ).toEqual({
      title: '第一讲',
      startAt: start.valueOf(),
      endAt: start.add(1, 'hour').valueOf(),
      videoFileId: null,
      hlsUrl: null,
      durationSeconds: 0,
    });
    expect(
      await sessionBodyOf(
        { title: '第1集', source: 'file', video, startAt: start },
        'Video',
        async () => 30.5,
      ),
    ).toEqual({
      title: '第1集',
      startAt: null,
      endAt: null,
      videoFileId: 7,
      hlsUrl: null,
      durationSeconds: 30.5,
    });
    // an HLS address: its length read from its playlist
    expect(
      await sessionBodyOf(
        { title: '第2集', source: 'hls', video, hlsUrl: ' https://cdn.example.com/v/index.m3u8 ' },
        'Video',
        async () => 99,
        async (url) => (url === 'https://cdn.example.com/v/index.m3u8' ? 6 : 0),
      ),
    ).toEqual({
      title: '第2集',
      startAt: null,
      endAt: null,
      videoFileId: null,
      hlsUrl: 'https://cdn.example.com/v/index.m3u8',
      durationSeconds: 6,
    });
  });
});
