import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseDetail, RosterRow, TeachingClass, TeachingCourse } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { checkCourseForm, dayToEpoch } from './course-form';

const TEACHING = 'GET /api/course/courses/teaching';

const teaching = (over: Partial<TeachingCourse> = {}): TeachingCourse => ({
  id: '7',
  name: '数据结构',
  type: 'Theory',
  startTime: new Date(2026, 8, 1).getTime(),
  endTime: new Date(2027, 0, 15, 23, 59).getTime(),
  coverStyle: 2,
  archived: false,
  classCount: 2,
  studentCount: 31,
  createdAt: 1,
  ...over,
});

const detail = (over: Partial<CourseDetail> = {}): CourseDetail => ({
  id: '7',
  name: '数据结构',
  type: 'Theory',
  startTime: new Date(2026, 8, 1).getTime(),
  endTime: new Date(2027, 0, 15, 23, 59).getTime(),
  creator: '李静',
  coverStyle: 2,
  archived: false,
  role: 'Teacher',
  selfArchived: false,
  focus: false,
  ...over,
});

const klass = (over: Partial<TeachingClass> = {}): TeachingClass => ({
  id: '5',
  courseId: '7',
  name: '软件2401班',
  code: 'ABCD2345',
  organisation: { id: 'o1', name: '优加示范大学' },
  closed: false,
  studentCount: 2,
  createdAt: 1,
  ...over,
});

const student = (over: Partial<RosterRow> = {}): RosterRow => ({
  userId: '41',
  name: '张同学',
  username: 'student01',
  classId: '5',
  className: '软件2401班',
  joinedAt: new Date(2026, 8, 2, 10, 30).getTime(),
  ...over,
});

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>) => ({
  ...sessionRoutes('Teacher', '李静'),
  ...extra,
});
const coursePageRoutes = (extra: Record<string, Handler> = {}) =>
  routes({
    'GET /api/course/courses/7': ok(detail()),
    'GET /api/course/courses/7/classes': ok({ rows: [klass()], total: 1 }),
    'GET /api/course/courses/7/students': ok({ rows: [student()], total: 1 }),
    'GET /api/qmn/courses/7/notices': ok({ rows: [], total: 0 }),
    'GET /api/course/courses/mine': ok([
      {
        id: '7',
        name: '数据结构',
        homeworks: [{ id: '21', name: '第一次作业：栈与队列' }],
        exerciseSets: [{ id: '31', name: '第一章 线性表 练习' }],
      },
    ]),
    ...extra,
  });

const button = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name: new RegExp(name.split('').join('\\s*')) }) as HTMLButtonElement;

describe('course form rules', () => {
  it('the shared schema’s messages per field; the end date counts to its last moment', () => {
    const bad = checkCourseForm({ name: ' ', type: 'Theory', start: '', end: '', coverStyle: 0 });
    expect(bad).toEqual({
      ok: false,
      errors: { name: '请输入课程名称', startTime: '请选择开始时间', endTime: '请选择结束时间' },
    });
    const reversed = checkCourseForm({
      name: '数据结构',
      type: 'Train',
      start: '2026-09-02',
      end: '2026-09-01',
      coverStyle: 4,
    });
    expect(reversed).toEqual({ ok: false, errors: { endTime: '结束时间不能早于开始时间' } });
    const good = checkCourseForm({
      name: ' 数据结构 ',
      type: 'Train',
      start: '2026-09-01',
      end: '2026-09-01',
      coverStyle: 4,
    });
    expect(good).toEqual({
      ok: true,
      body: {
        name: '数据结构',
        type: 'Train',
        startTime: new Date(2026, 8, 1).getTime(),
        endTime: new Date(2026, 8, 1, 23, 59, 59, 999).getTime(),
        coverStyle: 4,
      },
    });
    expect(dayToEpoch('2026-13-45')).toBeUndefined();
    expect(dayToEpoch('')).toBeUndefined();
  });
});

describe('teacher course pages', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('我的课程', () => {
    it('lists the courses with their facts, each opening its page; 进行中 and 已归档 keep the tab in the address', async () => {
      const calls = stubFetch(
        routes({
          [TEACHING]: (c) =>
            ok(
              c.query.get('archived') === '1'
                ? { rows: [teaching({ id: '8', name: '旧课程', archived: true })], total: 1 }
                : {
                    rows: [teaching(), teaching({ id: '9', name: '机器学习实践', type: 'Train' })],
                    total: 2,
                  },
            ),
        }),
      );
      const { router } = renderApp('/u/teacherGr/group');
      expect(await screen.findByRole('heading', { name: '我的课程', level: 1 })).toBeTruthy();
      const cards = await screen.findAllByTestId('teaching-course');
      expect(cards).toHaveLength(2);
      const first = within(cards[0] as HTMLElement);
      expect(first.getAllByRole('link')[0]?.getAttribute('href')).toBe('/u/teacherGr/course/7');
      expect(first.getByTestId('teaching-course-homeworks').getAttribute('href')).toBe(
        '/u/teacherGr/course/7/homeworks',
      );
      expect(first.getByText('教学班 2')).toBeTruthy();
      expect(first.getByText('学生 31')).toBeTruthy();
      expect(first.getByText('理论')).toBeTruthy();
      expect(within(cards[1] as HTMLElement).getByText('实践')).toBeTruthy();
      expect(calls.find((c) => `${c.method} ${c.path}` === TEACHING)?.query.get('archived')).toBe('0');
      fireEvent.click(screen.getByTestId('teacher-tab-1'));
      await waitFor(() => expect(router.state.location.search).toBe('?archived=1'));
      expect(await screen.findByRole('heading', { name: '旧课程' })).toBeTruthy();
      expect(screen.getByTestId('teaching-course-archive').textContent).toContain('恢复');
      expect(screen.queryByTestId('teaching-course-edit')).toBeNull();
    });

    it('新建课程: required fields announced, the end not before the start; a valid form is sent and opens the course', async () => {
      const calls = stubFetch(
        routes({
          [TEACHING]: ok({ rows: [], total: 0 }),
          'POST /api/course/courses': (c) =>
            ok(detail({ id: '77', name: String((c.body as { name: string }).name) })),
          'GET /api/course/courses/77': ok(detail({ id: '77', name: '编译原理' })),
          'GET /api/course/courses/77/classes': ok({ rows: [], total: 0 }),
        }),
      );
      const { router } = renderApp('/u/teacherGr/group');
      expect(await screen.findByText('暂无课程，点击“新建课程”开始')).toBeTruthy();
      fireEvent.click(screen.getByTestId('course-create'));
      const form = await screen.findByTestId('course-form');
      fireEvent.click(screen.getByTestId('course-form-submit'));
      const name = within(form).getByTestId('course-form-name') as HTMLInputElement;
      await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
      const nameError = document.getElementById(name.getAttribute('aria-describedby') ?? '');
      expect(nameError?.textContent).toBe('请输入课程名称');
      expect(within(form).getByText('请选择开始时间')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST' && c.path === '/api/course/courses')).toBe(false);

      fireEvent.change(name, { target: { value: '编译原理' } });
      fireEvent.click(within(form).getByTestId('course-form-type-Train'));
      fireEvent.change(within(form).getByTestId('course-form-start'), { target: { value: '2026-09-10' } });
      fireEvent.change(within(form).getByTestId('course-form-end'), { target: { value: '2026-09-01' } });
      fireEvent.click(within(form).getByTestId('course-form-cover-3'));
      fireEvent.click(screen.getByTestId('course-form-submit'));
      expect(await within(form).findByText('结束时间不能早于开始时间')).toBeTruthy();
      expect(within(form).getByTestId('course-form-end').getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(within(form).getByTestId('course-form-end'), { target: { value: '2027-01-15' } });
      fireEvent.click(screen.getByTestId('course-form-submit'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/u/teacherGr/course/77'));
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/course/courses')?.body).toEqual({
        name: '编译原理',
        type: 'Train',
        startTime: new Date(2026, 8, 10).getTime(),
        endTime: new Date(2027, 0, 15, 23, 59, 59, 999).getTime(),
        coverStyle: 3,
      });
    });

    it('a refused save keeps the form as typed with the server’s message', async () => {
      stubFetch(
        routes({
          [TEACHING]: ok({ rows: [teaching()], total: 1 }),
          'PUT /api/course/courses/7': fail(400, '课程名称最多50个字符'),
        }),
      );
      renderApp('/u/teacherGr/group');
      fireEvent.click(await screen.findByTestId('teaching-course-edit'));
      const name = (await screen.findByTestId('course-form-name')) as HTMLInputElement;
      expect(name.value).toBe('数据结构');
      expect((screen.getByTestId('course-form-start') as HTMLInputElement).value).toBe('2026-09-01');
      expect((screen.getByTestId('course-form-cover-2') as HTMLInputElement).checked).toBe(true);
      fireEvent.change(name, { target: { value: '数据结构（2026秋）' } });
      fireEvent.click(screen.getByTestId('course-form-submit'));
      expect((await screen.findByTestId('course-form-error')).textContent).toBe('课程名称最多50个字符');
      expect(name.value).toBe('数据结构（2026秋）');
    });

    it('归档 asks first (取消 sends nothing) and archives; 恢复 restores', async () => {
      const calls = stubFetch(
        routes({
          [TEACHING]: ok({ rows: [teaching()], total: 1 }),
          'POST /api/course/courses/7/archive': ok({ archived: true }),
        }),
      );
      renderApp('/u/teacherGr/group');
      fireEvent.click(await screen.findByTestId('teaching-course-archive'));
      expect((await screen.findByTestId('confirm-content')).textContent).toContain(
        '确定归档《数据结构》吗？',
      );
      fireEvent.click(button('取消', screen.getByRole('dialog')));
      finishLeaveMotion();
      expect(calls.some((c) => c.path === '/api/course/courses/7/archive')).toBe(false);
      fireEvent.click(screen.getByTestId('teaching-course-archive'));
      fireEvent.click(await screen.findByTestId('confirm-ok'));
      expect(await screen.findByText('已归档')).toBeTruthy();
      expect(calls.filter((c) => c.path === '/api/course/courses/7/archive')).toHaveLength(1);
    });

    it('refuses a student without asking for courses', async () => {
      signIn('Student');
      const calls = stubFetch(sessionRoutes('Student'));
      renderApp('/u/teacherGr/group');
      expect(await screen.findByText('学生身份不支持查看')).toBeTruthy();
      expect(calls.some((c) => c.path.startsWith('/api/course/'))).toBe(false);
    });
  });

  describe('course page', () => {
    it('heads the course and shows its classes with the code large, 复制 and the class’s organisation', async () => {
      const writeText = vi.fn(async () => undefined);
      vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
      stubFetch(coursePageRoutes());
      renderApp('/u/teacherGr/course/7');
      expect(await screen.findByRole('heading', { name: '数据结构', level: 1 })).toBeTruthy();
      expect(screen.getByTestId('course-type').textContent).toBe('理论');
      expect(screen.getByText('2026.09.01 - 2027.01.15')).toBeTruthy();
      const card = await screen.findByTestId('teaching-class');
      expect(within(card).getByTestId('class-code').textContent).toBe('ABCD2345');
      expect(within(card).getByText(/开放机构：优加示范大学/)).toBeTruthy();
      fireEvent.click(within(card).getByTestId('class-code-copy'));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith('ABCD2345'));
      expect(await screen.findByText('班级码已复制')).toBeTruthy();
    });

    it('归档课程 from the course page asks first; the archived course keeps its classes but offers no changes', async () => {
      let archived = false;
      const calls = stubFetch(
        coursePageRoutes({
          'GET /api/course/courses/7': () => ok(detail({ archived })),
          'POST /api/course/courses/7/archive': () => {
            archived = true;
            return ok({ archived: true });
          },
        }),
      );
      renderApp('/u/teacherGr/course/7');
      expect(await screen.findByTestId('class-regenerate')).toBeTruthy();
      fireEvent.click(screen.getByTestId('course-archive-toggle'));
      expect((await screen.findByTestId('confirm-content')).textContent).toContain(
        '确定归档《数据结构》吗？',
      );
      expect(calls.some((c) => c.path === '/api/course/courses/7/archive')).toBe(false);
      fireEvent.click(screen.getByTestId('confirm-ok'));
      await waitFor(() =>
        expect(screen.getByTestId('course-archive-toggle').textContent).toContain('恢复课程'),
      );
      expect(screen.getByText('已归档', { selector: '.ant-tag' })).toBeTruthy();
      expect(screen.getByTestId('class-code').textContent).toBe('ABCD2345');
      expect(screen.queryByTestId('class-regenerate')).toBeNull();
      expect(screen.queryByTestId('class-create')).toBeNull();
      expect(screen.queryByTestId('course-edit')).toBeNull();
    });

    it('重新生成 and 关闭 ask first; 重新开放 does not', async () => {
      let current = klass();
      const calls = stubFetch(
        coursePageRoutes({
          'GET /api/course/courses/7/classes': () => ok({ rows: [current], total: 1 }),
          'POST /api/course/course_teach_class/5/code': () => {
            current = { ...current, code: 'WXYZ6789' };
            return ok(current);
          },
          'PUT /api/course/course_teach_class/5': (c) => {
            current = { ...current, closed: Boolean((c.body as { closed: boolean }).closed) };
            return ok(current);
          },
        }),
      );
      renderApp('/u/teacherGr/course/7');
      fireEvent.click(await screen.findByTestId('class-regenerate'));
      expect((await screen.findByTestId('confirm-content')).textContent).toContain('ABCD2345 将立即失效');
      expect(calls.some((c) => c.path === '/api/course/course_teach_class/5/code')).toBe(false);
      fireEvent.click(screen.getByTestId('confirm-ok'));
      await waitFor(() => expect(screen.getByTestId('class-code').textContent).toBe('WXYZ6789'));
      finishLeaveMotion();
      fireEvent.click(screen.getByTestId('class-toggle-closed'));
      expect((await screen.findAllByTestId('confirm-content')).at(-1)?.textContent).toContain(
        '学生不能再用班级码加入',
      );
      fireEvent.click((await screen.findAllByTestId('confirm-ok')).at(-1) as HTMLElement);
      await waitFor(() =>
        expect(screen.getByTestId('class-toggle-closed').textContent).toContain('重新开放'),
      );
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ closed: true });
      finishLeaveMotion();
      const before = calls.length;
      fireEvent.click(screen.getByTestId('class-toggle-closed'));
      await waitFor(() =>
        expect(screen.getByTestId('class-toggle-closed').textContent).toContain('关闭班级'),
      );
      expect(calls.slice(before).find((c) => c.method === 'PUT')?.body).toEqual({ closed: false });
    });

    it('新建教学班: name and organisation required; the chosen organisation is sent', async () => {
      const calls = stubFetch(
        coursePageRoutes({
          'GET /api/course/courses/7/classes': ok({ rows: [], total: 0 }),
          'GET /api/course/courses/7/class_organs': ok({
            rows: [
              { id: '19', name: '信息学院', type: 'college', parent: { id: '1', name: '优加示范大学' } },
            ],
            total: 1,
          }),
          'POST /api/course/courses/7/classes': (c) =>
            ok(klass({ name: String((c.body as { name: string }).name), code: 'QRST2345' })),
        }),
      );
      renderApp('/u/teacherGr/course/7');
      expect(await screen.findByText(/还没有教学班/)).toBeTruthy();
      fireEvent.click(screen.getByTestId('class-create'));
      const submit = await screen.findByTestId('class-form-submit');
      fireEvent.click(submit);
      const name = screen.getByTestId('class-form-name');
      await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
      expect(screen.getByText('请输入班级名称')).toBeTruthy();
      expect(screen.getByText('请选择可加入的机构')).toBeTruthy();
      fireEvent.change(name, { target: { value: '软件2402班' } });
      const organ = screen.getByRole('combobox');
      fireEvent.mouseDown(organ);
      fireEvent.click(await screen.findByText('优加示范大学 / 信息学院'));
      fireEvent.click(submit);
      expect(await screen.findByText('教学班已创建，班级码 QRST2345')).toBeTruthy();
      expect(
        calls.find((c) => c.method === 'POST' && c.path === '/api/course/courses/7/classes')?.body,
      ).toEqual({
        name: '软件2402班',
        organisationId: '19',
      });
    });

    it('学生: the roster by class and search; 移除 asks first, then removes', async () => {
      let removed = false;
      const calls = stubFetch(
        coursePageRoutes({
          'GET /api/course/courses/7/students': () =>
            ok(removed ? { rows: [], total: 0 } : { rows: [student()], total: 1 }),
          'DELETE /api/course/courses/7/students/41': () => {
            removed = true;
            return ok({ userId: '41' });
          },
        }),
      );
      const { router } = renderApp('/u/teacherGr/course/7');
      fireEvent.click(await screen.findByRole('tab', { name: '学生' }));
      await waitFor(() => expect(router.state.location.search).toBe('?tab=students'));
      expect(await screen.findByText('student01')).toBeTruthy();
      const box = screen.getByPlaceholderText('请输入学生姓名或账号');
      fireEvent.change(box, { target: { value: '张' } });
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() =>
        expect(
          calls
            .filter((c) => c.path === '/api/course/courses/7/students')
            .at(-1)
            ?.query.get('search'),
        ).toBe('张'),
      );
      fireEvent.click(await screen.findByRole('button', { name: '移除 张同学' }));
      expect((await screen.findByTestId('confirm-content')).textContent).toContain('张同学（student01）');
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
      fireEvent.click(screen.getByTestId('confirm-ok'));
      expect(await screen.findByText('已移除该学生')).toBeTruthy();
      expect(await screen.findByText('没有符合条件的学生')).toBeTruthy();
    });

    it('作业 leads to homework management and the homework and exercise-set question pages', async () => {
      stubFetch(coursePageRoutes());
      renderApp('/u/teacherGr/course/7?tab=homework');
      expect((await screen.findByTestId('course-homeworks-link')).getAttribute('href')).toBe(
        '/u/teacherGr/course/7/homeworks',
      );
      expect((await screen.findByRole('link', { name: '第一次作业：栈与队列' })).getAttribute('href')).toBe(
        '/u/teacherGr/course/7/homework/21',
      );
      expect(screen.getByRole('link', { name: '第一章 线性表 练习' }).getAttribute('href')).toBe(
        '/u/teacherGr/course/7/exerciseSet/31',
      );
    });

    it('课程通知: title and content required; publishes and lists with read counts; a refusal keeps the text', async () => {
      let published = false;
      let answer: StubAnswer = fail(400, '该课程还没有学生，暂无可通知的对象');
      const notice = {
        id: '90',
        title: '期中考试安排',
        content: '第 9 周周三',
        publishAt: new Date(2026, 10, 24, 9, 0).getTime(),
        publisherName: '李静',
        recipientCount: 2,
        readCount: 1,
      };
      const calls = stubFetch(
        coursePageRoutes({
          'GET /api/qmn/courses/7/notices': () =>
            ok(published ? { rows: [notice], total: 1 } : { rows: [], total: 0 }),
          'POST /api/qmn/courses/7/notices': () => {
            if (answer.status === undefined) published = true;
            return answer;
          },
        }),
      );
      renderApp('/u/teacherGr/course/7?tab=notices');
      expect(await screen.findByText('还没有发布过通知')).toBeTruthy();
      fireEvent.click(screen.getByTestId('notice-publish'));
      const title = screen.getByTestId('notice-title');
      await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
      expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        '请输入通知标题',
      );
      expect(screen.getByText('请输入通知内容')).toBeTruthy();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);
      fireEvent.change(title, { target: { value: '期中考试安排' } });
      fireEvent.change(screen.getByTestId('notice-content'), { target: { value: '第 9 周周三' } });
      fireEvent.click(screen.getByTestId('notice-publish'));
      expect((await screen.findByTestId('notice-error')).textContent).toBe(
        '该课程还没有学生，暂无可通知的对象',
      );
      expect((title as HTMLInputElement).value).toBe('期中考试安排');
      answer = ok(notice);
      fireEvent.click(screen.getByTestId('notice-publish'));
      expect(await screen.findByText('通知已发布给 2 名学生')).toBeTruthy();
      expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
        title: '期中考试安排',
        content: '第 9 周周三',
      });
      const item = await screen.findByTestId('notice-item');
      expect(item.textContent).toContain('已读 1/2');
      expect((title as HTMLInputElement).value).toBe('');
    });

    it('another teacher’s course (404) says so with the way back; nothing else is asked', async () => {
      const calls = stubFetch(routes({ 'GET /api/course/courses/8': fail(404, '课程不存在') }));
      renderApp('/u/teacherGr/course/8');
      const state = await screen.findByTestId('courses-not-found');
      expect(state.textContent).toContain('课程不存在');
      expect(within(state).getByRole('link', { name: '返回我的课程' }).getAttribute('href')).toBe(
        '/u/teacherGr/group',
      );
      expect(calls.some((c) => c.path.startsWith('/api/course/courses/8/'))).toBe(false);
    });
  });
});
