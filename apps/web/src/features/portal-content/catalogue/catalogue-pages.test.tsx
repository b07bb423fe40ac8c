import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG, SITE_SETTINGS_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderApp,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { card, detail } from './test-data';

const LIST = 'GET /api/portal/contents';
const page = (rows: ReturnType<typeof card>[], total = rows.length) => ok({ rows, total });
const listCalls = (calls: RecordedCall[]) => calls.filter((c) => `${c.method} ${c.path}` === LIST);

afterEach(async () => {
  await deferredLoadsSettled();
});

describe('精品课程 list', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });

  it('asks for the non-vocational courses and keeps filters and page in the address', async () => {
    const calls = stubFetch({
      [LIST]: (call) =>
        call.query.get('category') === '人工智能'
          ? page([])
          : page(
              [
                card({
                  id: '11',
                  title: '数据结构',
                  attrs: { category: '软件工程', courseType: 'Theory', hours: 48, teacher: '王老师' },
                }),
              ],
              30,
            ),
    });
    const { router } = renderApp('/qualitycourse/index');
    expect(await screen.findByRole('heading', { name: '精品课程', level: 1 })).toBeTruthy();
    const cardLink = await screen.findByTestId('card-11');
    expect(cardLink.getAttribute('href')).toBe('/qualitycourse/details?id=11');
    expect(within(cardLink).getByRole('heading', { name: '数据结构' })).toBeTruthy();
    expect(within(cardLink).getByText('48 学时')).toBeTruthy();
    expect(within(cardLink).getByText('王老师')).toBeTruthy();
    const first = listCalls(calls)[0];
    expect(first?.query.get('kind')).toBe('course');
    expect(first?.query.get('vocational')).toBe('false');
    expect(first?.query.get('pageNumber')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(listCalls(calls).at(-1)?.query.get('pageNumber')).toBe('2'));

    // a filter is a link: shareable, and it goes back to page 1
    const ai = screen.getByRole('link', { name: '人工智能' });
    expect(ai.getAttribute('href')).toBe(`/qualitycourse/index?${new URLSearchParams('category=人工智能')}`);
    fireEvent.click(ai);
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?${new URLSearchParams('category=人工智能')}`),
    );
    expect(await screen.findByText('没有符合条件的课程')).toBeTruthy();
    expect(screen.getByRole('link', { name: '人工智能' }).getAttribute('aria-current')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: '清除筛选，查看全部' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks the server for one course type', async () => {
    const calls = stubFetch({
      [LIST]: page([card({ id: '2', title: '鸿蒙应用开发实践', attrs: { courseType: 'Train' } })]),
    });
    renderApp('/qualitycourse/index?type=Train');
    expect(await screen.findByTestId('card-2')).toBeTruthy();
    const call = listCalls(calls)[0];
    expect(call?.query.get('courseType')).toBe('Train');
    expect(call?.query.get('pageSize')).toBe('12');
  });

  it('says 暂无内容 when a site has no courses, and shows the failure with 重试', async () => {
    stubFetch({ [LIST]: page([]) });
    const first = renderApp('/qualitycourse/vocationalCourse');
    expect(await screen.findByText('暂无内容')).toBeTruthy();
    first.unmount();
    stubFetch({ [LIST]: fail(500, '服务器开小差了') });
    renderApp('/qualitycourse/vocationalCourse');
    expect(await screen.findByRole('button', { name: /重\s*试/ })).toBeTruthy();
  });

  it('shows a school site its course systems as a second tab, drawn as a matrix', async () => {
    setSite(
      { TYPE: 'school', CODE: 'UPLUS-C001', SHOW_TECHCLASS: 'true' },
      {
        school: {
          id: '7',
          code: 'UPLUS-C001',
          name: '优加示范大学',
          logo: '',
          address: '',
          introduction: '',
        },
      },
    );
    const calls = stubFetch({
      [LIST]: page([card({ id: '1' })]),
      'GET /api/course/course_systems': ok([
        { id: '91', name: '软件工程专业课程体系', sort: 2 },
        { id: '90', name: '大数据专业课程体系', sort: 1 },
      ]),
      'GET /api/course/course_system_items/matrix': ok({
        columns: ['基础', '核心'],
        rows: [{ title: '第一学期', cells: [[card({ id: '5', title: '程序设计基础' })], []] }],
      }),
    });
    const { router } = renderApp('/qualitycourse/index');
    fireEvent.click(await screen.findByRole('link', { name: '课程体系' }));
    await waitFor(() => expect(router.state.location.search).toBe('?view=systems'));
    const matrix = await screen.findByTestId('course-matrix');
    expect(within(matrix).getByRole('columnheader', { name: '核心' })).toBeTruthy();
    expect(within(matrix).getByRole('rowheader', { name: '第一学期' })).toBeTruthy();
    expect(within(matrix).getByRole('link', { name: '程序设计基础' }).getAttribute('href')).toBe(
      '/qualitycourse/details?id=5',
    );
    // the systems in their order (sort): the first one is shown
    expect(calls.find((c) => c.path.endsWith('/matrix'))?.query.get('systemId')).toBe('90');
    expect(calls.find((c) => c.path.endsWith('/course_systems'))?.query.get('school')).toBe('7');
  });
});

const course = () =>
  detail({
    id: '21',
    title: '人工智能导论',
    attrs: {
      category: '人工智能',
      courseType: 'Theory',
      hours: 32,
      teacher: '李老师',
      school: '优加示范大学',
      chapters: [
        {
          title: '绪论',
          sections: [
            { title: '什么是人工智能', minutes: 12, free: true, body: '<p>人工智能是……</p>' },
            { title: '发展简史', minutes: 20, free: false, body: '<p>隐藏</p>' },
          ],
        },
      ],
    },
  });

describe('课程详情', () => {
  beforeEach(() => setSite());

  it('shows breadcrumb, facts, outline (free sections open their preview, the others are not links)', async () => {
    stubBrowser();
    stubFetch({ 'GET /api/portal/contents/21': ok(course()) });
    renderApp('/qualitycourse/details?id=21');
    expect(await screen.findByRole('heading', { name: '人工智能导论', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('人工智能导论'));
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '精品课程' }).getAttribute('href')).toBe(
      '/qualitycourse/index',
    );
    expect(screen.getByText('32 学时')).toBeTruthy();
    const free = screen.getByRole('link', { name: /1\.1 什么是人工智能/ });
    expect(free.getAttribute('href')).toBe('/qualitycourse/preview?id=21&chapter=1&section=1');
    expect(free.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: /发展简史/ })).toBeNull();
    expect(screen.getByText('登录后学习', { selector: '.course-outline__lock' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /全部预览/ }).getAttribute('href')).toBe(
      '/qualitycourse/allpreview?id=21',
    );
  });

  it('says 内容不存在或已下线 for a missing item or a malformed id, with a way back to the list', async () => {
    stubFetch({ 'GET /api/portal/contents/404': fail(404, '内容不存在或已下线') });
    const first = renderApp('/qualitycourse/details?id=404');
    expect(await screen.findByRole('heading', { name: '内容不存在或已下线' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回精品课程' }).getAttribute('href')).toBe(
      '/qualitycourse/index',
    );
    first.unmount();
    renderApp('/qualitycourse/details?id=abc');
    expect(await screen.findByRole('heading', { name: '内容不存在或已下线' })).toBeTruthy();
  });

  it('an item of another kind is not a course', async () => {
    stubFetch({ 'GET /api/portal/contents/21': ok(detail({ id: '21', kind: 'experiment' })) });
    renderApp('/qualitycourse/details?id=21');
    expect(await screen.findByRole('heading', { name: '内容不存在或已下线' })).toBeTruthy();
  });

  it('a visitor is sent to sign in by 登录后学习', async () => {
    const nav = stubBrowser();
    stubFetch({ 'GET /api/portal/contents/21': ok(course()) });
    renderApp('/qualitycourse/details?id=21');
    fireEvent.click(await screen.findByTestId('join-course'));
    expect(nav.assign).toHaveBeenCalledWith(expect.stringContaining('/idp/login?redirect='));
  });

  it('a student allowed by permit/authority is told to join by class code in 我的课程', async () => {
    stubBrowser();
    signIn('Student');
    const calls = stubFetch({
      ...sessionRoutes('Student'),
      'GET /api/portal/contents/21': ok(course()),
      'GET /api/course/course_system_items/permit/authority': ok({ permit: true, message: '' }),
    });
    const { router } = renderApp('/qualitycourse/details?id=21');
    fireEvent.click(await screen.findByRole('button', { name: '加入学习' }));
    expect(await screen.findByText(/请向任课教师获取班级邀请码后在“我的课程”中加入/)).toBeTruthy();
    const permit = calls.find((c) => c.path.endsWith('/permit/authority'));
    expect(permit?.query.get('resourceId')).toBe('21');
    expect(permit?.query.get('resourceType')).toBe('course');
    fireEvent.click(screen.getByRole('button', { name: '前往我的课程' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workbench/index/school'));
    finishLeaveMotion();
  });

  it('a student of another school hears 暂未对您的学校开放; a teacher 教师身份不支持操作', async () => {
    stubBrowser();
    signIn('Student');
    stubFetch({
      ...sessionRoutes('Student'),
      'GET /api/portal/contents/21': ok(course()),
      'GET /api/course/course_system_items/permit/authority': ok({
        permit: false,
        message: MSG.schoolNotOpen,
      }),
    });
    const first = renderApp('/qualitycourse/details?id=21');
    fireEvent.click(await screen.findByRole('button', { name: '加入学习' }));
    expect(await screen.findByText(MSG.schoolNotOpen)).toBeTruthy();
    first.unmount();

    window.localStorage.clear();
    signIn('Teacher');
    const calls = stubFetch({ ...sessionRoutes('Teacher'), 'GET /api/portal/contents/21': ok(course()) });
    renderApp('/qualitycourse/details?id=21');
    fireEvent.click(await screen.findByRole('button', { name: '加入学习' }));
    expect(await screen.findByText(MSG.teacherCannotOperate)).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/permit/authority'))).toBe(false);
  });
});

describe('课程预览 and 课程总览', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });

  it('shows a free section with the outline; a locked one says how to study it', async () => {
    stubFetch({ 'GET /api/portal/contents/21': ok(course()) });
    const first = renderApp('/qualitycourse/preview?id=21&chapter=1&section=1');
    expect(await screen.findByRole('heading', { name: '1.1 什么是人工智能', level: 1 })).toBeTruthy();
    expect(screen.getByText('人工智能是……')).toBeTruthy();
    expect(screen.queryByTestId('header-product')).toBeNull();
    expect(screen.getByRole('link', { name: '← 返回课程详情' }).getAttribute('href')).toBe(
      '/qualitycourse/details?id=21',
    );
    first.unmount();
    renderApp('/qualitycourse/preview?id=21&chapter=1&section=2');
    expect(await screen.findByTestId('section-locked')).toBeTruthy();
    expect(screen.queryByText('隐藏')).toBeNull();
    expect(screen.getByRole('button', { name: '登录后学习' })).toBeTruthy();
  });

  it('shows every free section in order with an outline of anchors; locked ones without links', async () => {
    stubFetch({ 'GET /api/portal/contents/21': ok(course()) });
    renderApp('/qualitycourse/allpreview?id=21');
    expect(await screen.findByRole('heading', { name: '1.1 什么是人工智能', level: 3 })).toBeTruthy();
    const outline = screen.getByRole('navigation', { name: '课程目录' });
    expect(within(outline).getByRole('link', { name: '1.1 什么是人工智能' }).getAttribute('href')).toBe(
      '#section-1-1',
    );
    expect(within(outline).queryByRole('link', { name: /发展简史/ })).toBeNull();
    expect(screen.queryByText('隐藏')).toBeNull();
  });
});

const experiment = (attrs: Record<string, unknown> = {}) =>
  detail({
    id: '31',
    kind: 'experiment',
    title: 'Linux 基础命令实验',
    attrs: { serviceType: 'codeserver', projectId: 'p1', repositoryId: 'r1', ...attrs },
  });
const SERVICE_URI = 'GET /api/course/huawei/cloud/service_uri';

describe('实验环境 (transfer)', () => {
  beforeEach(() => setSite());

  it('sends a visitor to sign in first, coming back to the hand-over page', async () => {
    const nav = stubBrowser();
    const calls = stubFetch({ 'GET /api/portal/contents/31': ok(experiment()) });
    renderApp('/cloudexperiment/transfer?id=31');
    expect(await screen.findByText('进入实验环境需要登录')).toBeTruthy();
    await waitFor(() => expect(nav.assign).toHaveBeenCalledTimes(1));
    expect(calls.some((c) => c.path.endsWith('/service_uri'))).toBe(false);
  });

  it('asks service_uri with the item fields and goes to the answer', async () => {
    const nav = stubBrowser();
    signIn('Student');
    const calls = stubFetch({
      ...sessionRoutes(),
      'GET /api/portal/contents/31': ok(experiment()),
      [SERVICE_URI]: ok({ uri: 'https://ide.example.edu/authorize?ticket=t1' }),
    });
    renderApp('/cloudexperiment/transfer?id=31');
    await waitFor(() =>
      expect(nav.assign).toHaveBeenCalledWith('https://ide.example.edu/authorize?ticket=t1'),
    );
    const call = calls.find((c) => c.path.endsWith('/service_uri'));
    expect(Object.fromEntries(call?.query ?? [])).toEqual({
      serviceType: 'codeserver',
      projectId: 'p1',
      repositoryId: 'r1',
    });
    expect(screen.getByTestId('transfer').getAttribute('data-state')).toBe('go');
  });

  it('says the environment is not configured (the 400 of service_uri), leading back to the details', async () => {
    const nav = stubBrowser();
    signIn('Student');
    stubFetch({
      ...sessionRoutes(),
      'GET /api/portal/contents/31': ok(experiment()),
      [SERVICE_URI]: fail(400, SITE_SETTINGS_MSG.cloudNotConfigured),
    });
    renderApp('/cloudexperiment/transfer?id=31');
    expect(await screen.findByRole('heading', { name: SITE_SETTINGS_MSG.cloudNotConfigured })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回实验详情' }).getAttribute('href')).toBe(
      '/cloudexperiment/details?id=31',
    );
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('an item without a service type is not configured, without asking', async () => {
    stubBrowser();
    signIn('Student');
    const calls = stubFetch({
      ...sessionRoutes(),
      'GET /api/portal/contents/41': ok(detail({ id: '41', kind: 'project', attrs: {} })),
    });
    renderApp('/industryproject/transfer?id=41');
    expect(await screen.findByRole('heading', { name: SITE_SETTINGS_MSG.cloudNotConfigured })).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回项目详情' }).getAttribute('href')).toBe(
      '/industryproject/details?id=41',
    );
    expect(calls.some((c) => c.path.endsWith('/service_uri'))).toBe(false);
  });

  it('another failure offers 重试; a withdrawn item is not found', async () => {
    stubBrowser();
    signIn('Student');
    stubFetch({
      ...sessionRoutes(),
      'GET /api/portal/contents/31': ok(experiment()),
      [SERVICE_URI]: fail(502, '云端开发环境暂时不可用'),
    });
    const first = renderApp('/cloudexperiment/transfer?id=31');
    expect(await screen.findByText('云端开发环境暂时不可用')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
    first.unmount();
    stubFetch({ ...sessionRoutes(), 'GET /api/portal/contents/31': fail(404, '内容不存在或已下线') });
    renderApp('/cloudexperiment/transfer?id=31');
    expect(await screen.findByRole('heading', { name: '内容不存在或已下线' })).toBeTruthy();
  });
});

describe('实验 and 项目 details and bare pages', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });

  it('experiment details: steps, environment, and the preview and sample links in new tabs', async () => {
    stubFetch({
      'GET /api/portal/contents/31': ok(
        experiment({
          environment: 'Ubuntu 22.04 · 2核4G',
          difficulty: '中级',
          steps: [
            { title: '登录实验环境', body: '<p>打开终端</p>' },
            { title: '查看目录', body: '<p>ls -l</p>' },
          ],
          sample: '<p>样例报告</p>',
        }),
      ),
    });
    renderApp('/cloudexperiment/details?id=31');
    expect(await screen.findByRole('heading', { name: 'Linux 基础命令实验', level: 1 })).toBeTruthy();
    expect(screen.getByText('Ubuntu 22.04 · 2核4G')).toBeTruthy();
    expect(screen.getByText('难度：中级')).toBeTruthy();
    expect(screen.getAllByTestId('catalogue-step')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /实验预览/ }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /实验样例/ }).getAttribute('href')).toBe(
      '/cloudexperiment/sample?id=31',
    );
    expect(screen.getByRole('button', { name: '登录后开始实验' })).toBeTruthy();
  });

  it('experiment preview: the first steps in full, the rest by title', async () => {
    const steps = Array.from({ length: 5 }, (_, i) => ({
      title: `步骤${i + 1}`,
      body: `<p>内容${i + 1}</p>`,
    }));
    stubFetch({ 'GET /api/portal/contents/31': ok(experiment({ steps })) });
    renderApp('/cloudexperiment/preview?id=31');
    expect(
      await screen.findByRole('heading', { name: '实验预览 · Linux 基础命令实验', level: 1 }),
    ).toBeTruthy();
    expect(screen.getByText('内容3')).toBeTruthy();
    expect(screen.queryByText('内容4')).toBeNull();
    expect(screen.getAllByText('开始实验后查看本步骤')).toHaveLength(2);
  });

  it('project details, sample and practical preview', async () => {
    const project = detail({
      id: '41',
      kind: 'project',
      title: '电商平台订单系统',
      attrs: {
        industry: '零售',
        positions: ['后端开发', '测试'],
        stages: [{ title: '需求分析', body: '<p>梳理需求</p>' }],
        practical: [{ title: '实现下单接口', body: '<p>任务说明</p>' }],
        sample: '<p>项目样例文档</p>',
      },
    });
    stubFetch({ 'GET /api/portal/contents/41': ok(project) });
    const first = renderApp('/industryproject/details?id=41');
    expect(await screen.findByRole('heading', { name: '电商平台订单系统', level: 1 })).toBeTruthy();
    expect(screen.getByText('后端开发')).toBeTruthy();
    expect(screen.getByText('梳理需求')).toBeTruthy();
    expect(screen.getByRole('link', { name: /实训预览/ }).getAttribute('href')).toBe(
      '/industryproject/practicalpreview?id=41',
    );
    first.unmount();
    const second = renderApp('/industryproject/sample?id=41');
    expect(await screen.findByText('项目样例文档')).toBeTruthy();
    second.unmount();
    renderApp('/industryproject/practicalpreview?id=41');
    expect(await screen.findByText('任务说明')).toBeTruthy();
  });

  it('case details by path parameter, with its neighbours', async () => {
    stubFetch({
      'GET /api/portal/contents/51': ok(
        detail({
          id: '51',
          kind: 'case',
          title: '校企共建大数据实验室',
          attrs: { organisation: '优加示范大学', industry: '教育' },
          next: { id: '52', title: '智能制造产线改造' },
        }),
      ),
    });
    renderApp('/case/caseDetails/51');
    expect(await screen.findByRole('heading', { name: '校企共建大数据实验室', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /智能制造产线改造/ }).getAttribute('href')).toBe(
      '/case/caseDetails/52',
    );
  });
});

describe('平台实验室', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });

  it('titles the page from the platform list even without the lab row, with the tagged items', async () => {
    stubFetch({
      'GET /api/portal/labs/bigdata': ok({
        key: 'bigdata',
        lab: null,
        experiments: [card({ id: '31', kind: 'experiment', title: 'Hadoop 集群搭建' })],
        courses: [],
        projects: [],
      }),
    });
    renderApp('/lab/bigdata');
    expect(await screen.findByRole('heading', { name: '大数据实验室', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '云端实验', level: 2 })).toBeTruthy();
    expect(screen.getByTestId('card-31').getAttribute('href')).toBe('/cloudexperiment/details?id=31');
  });

  it('shows the solutions of the lab row', async () => {
    stubFetch({
      'GET /api/portal/labs/ai': ok({
        key: 'ai',
        lab: detail({
          id: '61',
          kind: 'lab',
          slug: 'ai',
          body: '<p>实验室简介</p>',
          attrs: { solutions: [{ title: '大模型实训方案', description: '覆盖微调与部署' }] },
        }),
        experiments: [],
        courses: [],
        projects: [],
      }),
    });
    renderApp('/lab/ai');
    expect(await screen.findByRole('heading', { name: '大模型实训方案', level: 3 })).toBeTruthy();
    expect(screen.getByText('实验室简介')).toBeTruthy();
  });

  it('an unknown platform is the not-found page, without a call', async () => {
    const calls = stubFetch({});
    renderApp('/lab/quantum');
    expect(await screen.findByText('抱歉，您访问的页面不存在或已被移除。')).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/portal/labs'))).toBe(false);
  });
});

describe('资源库', () => {
  const schoolSite = () =>
    setSite(
      { TYPE: 'school', CODE: 'UPLUS-C001' },
      {
        school: {
          id: '7',
          code: 'UPLUS-C001',
          name: '优加示范大学',
          logo: '',
          address: '',
          introduction: '',
        },
      },
    );

  it("asks a course system's courses of course_resources 4 ids at a time, in the matrix's order", async () => {
    schoolSite();
    stubBrowser();
    signIn('Teacher');
    const ids = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
    const calls = stubFetch({
      ...sessionRoutes('Teacher'),
      'GET /api/course/course_systems': ok([{ id: '90', name: '软件工程专业课程体系', sort: 1 }]),
      'GET /api/course/course_system_items/matrix': ok({
        columns: ['基础'],
        rows: [{ title: '第一学期', cells: [ids.map((id) => card({ id }))] }],
      }),
      'GET /api/course/exclusives/school/7/course_resources': (call) => {
        const asked = call.query.get('ids')?.split(',') ?? ['1', '2'];
        // answered in another order: the page puts them back
        return ok(asked.reverse().map((id) => card({ id, title: `课程${id}` })));
      },
    });
    const { router } = renderApp('/u/resourceStore/theroryCourse');
    expect(await screen.findByRole('heading', { name: '资源库', level: 1 })).toBeTruthy();
    expect(await screen.findByTestId('card-1')).toBeTruthy();
    fireEvent.click(await screen.findByRole('link', { name: '软件工程专业课程体系' }));
    await waitFor(() => expect(router.state.location.search).toBe('?system=90'));
    await screen.findByTestId('card-9');
    const chunks = calls
      .filter((c) => c.path.endsWith('/course_resources') && c.query.has('ids'))
      .map((c) => c.query.get('ids'));
    expect(chunks).toEqual(['1,2,3,4', '5,6,7,8', '9']);
    expect(
      screen
        .getAllByTestId(/^card-/)
        .map((el) => el.getAttribute('data-testid'))
        .slice(0, 3),
    ).toEqual(['card-1', 'card-2', 'card-3']);
  });

  it('shows the train cases tab, and a student 学生身份不支持查看', async () => {
    schoolSite();
    stubBrowser();
    signIn('Teacher');
    stubFetch({
      ...sessionRoutes('Teacher'),
      'GET /api/course/course_systems': ok([]),
      'GET /api/course/exclusives/school/7/traincases': ok([
        card({ id: '41', kind: 'project', title: '智慧园区项目' }),
      ]),
    });
    const first = renderApp('/u/resourceStore/theroryCourse?tab=cases');
    expect(await screen.findByRole('heading', { name: '智慧园区项目' })).toBeTruthy();
    first.unmount();
    window.localStorage.clear();
    signIn('Student');
    stubFetch({ ...sessionRoutes('Student') });
    renderApp('/u/resourceStore/theroryCourse');
    expect(await screen.findByText(MSG.studentCannotView)).toBeTruthy();
  });

  it('on the product site lists the catalogue courses', async () => {
    setSite();
    stubBrowser();
    signIn('Teacher');
    const calls = stubFetch({ ...sessionRoutes('Teacher'), [LIST]: page([card({ id: '11' })]) });
    renderApp('/u/resourceStore/theroryCourse');
    expect(await screen.findByTestId('card-11')).toBeTruthy();
    expect(listCalls(calls)[0]?.query.get('kind')).toBe('course');
  });
});
