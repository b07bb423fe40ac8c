import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StudyCourse } from '@uplus/shared';
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

const STUDY = 'GET /api/course/athena/courses/study';
const ARCHIVED = 'GET /api/course/courses/archived/study';
const INFO = 'GET /api/course/course_teach_class/course_info';
const JOIN = 'POST /api/course/courses/students/joined';
const ORGANS = 'GET /api/portal/users/u1';

const course = (over: Partial<StudyCourse> = {}): StudyCourse => ({
  id: '11',
  name: '数据结构',
  startTime: new Date(2026, 8, 1).getTime(),
  endTime: new Date(2027, 0, 15).getTime(),
  creator: '李静',
  type: 'Theory',
  focus: false,
  coverStyle: 1,
  classId: '5',
  className: '软件2401班',
  courseArchived: false,
  selfArchived: false,
  joinedAt: 1,
  ...over,
});

const page = (rows: StudyCourse[], total = rows.length) => ok({ rows, total });

const MEMBERSHIP = {
  id: 'o1',
  name: '优加示范大学',
  leafOrganName: '软件工程2301班',
  identityTypeTitle: '学生',
  identityType: 'Student',
  organizedCode: 'UPLUS',
  defaultOrgan: true,
};

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>) => ({
  ...sessionRoutes('Student'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  [ORGANS]: ok([MEMBERSHIP]),
  ...extra,
});

/** Held until `release`: lets a test see the loading state. */
const held = (answer: StubAnswer) => {
  let release: () => void = () => {};
  const handler = () => new Promise<StubAnswer>((r) => (release = () => r(answer)));
  return { handler, release: () => release() };
};

const button = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('button', { name: new RegExp(name.split('').join('\\s*')) }) as HTMLButtonElement;

describe('student course pages', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
    window.localStorage.setItem('organ', JSON.stringify({ id: 'o1', name: '优加示范大学' }));
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  describe('我的课程', () => {
    it('loads, then shows the cards: cover, name, dates, creator, corner mark, pin state; the name opens the course', async () => {
      stubBrowser();
      const list = held(
        page([
          course({ focus: true }),
          course({ id: '12', name: '机器学习实践', type: 'Train', coverStyle: 3, creator: '王强' }),
        ]),
      );
      const calls = stubFetch(routes({ [STUDY]: list.handler }));
      renderApp('/workbench/index/school');
      expect(await screen.findByRole('heading', { name: '我的课程', level: 1 })).toBeTruthy();
      expect(await screen.findByText('正在加载课程…')).toBeTruthy();
      list.release();
      const cards = await screen.findAllByTestId('study-course');
      expect(cards).toHaveLength(2);
      const first = within(cards[0] as HTMLElement);
      expect(first.getByRole('heading', { name: '数据结构' })).toBeTruthy();
      expect(first.getByText('2026.09.01 - 2027.01.15')).toBeTruthy();
      expect(first.getByText('教师：李静')).toBeTruthy();
      expect(first.getByTestId('course-type-mark').textContent).toBe('理论');
      expect(first.getByTestId('course-pinned')).toBeTruthy();
      expect(first.getByRole('link').getAttribute('href')).toBe('/u/course/11');
      expect(first.getByTestId('course-cover').getAttribute('data-cover')).toBe('1');
      expect(first.getByTestId('course-focus').textContent).toContain('取消置顶');
      expect(first.getByTestId('course-focus').getAttribute('aria-pressed')).toBe('true');
      const second = within(cards[1] as HTMLElement);
      expect(second.getByTestId('course-type-mark').textContent).toBe('实践');
      expect(second.getByTestId('course-focus').textContent).toContain('置顶');
      expect(second.queryByTestId('course-pinned')).toBeNull();
      expect(second.getByTestId('course-cover').getAttribute('data-cover')).toBe('3');
      const asked = calls.find((c) => `${c.method} ${c.path}` === STUDY);
      expect(asked?.query.get('types')).toBe('Theory,Train');
      expect(asked?.query.get('pageNumber')).toBe('1');
      expect(screen.queryByTestId('courses-pager')).toBeNull();
    });

    it('tabs keep upType in the address and ask for the tab’s types; 3, none or junk is 全部', async () => {
      stubBrowser();
      const calls = stubFetch(routes({ [STUDY]: page([]) }));
      const { router } = renderApp('/workbench/index/school?upType=2');
      await screen.findByText('暂无课程');
      expect(
        calls
          .filter((c) => `${c.method} ${c.path}` === STUDY)
          .at(-1)
          ?.query.get('types'),
      ).toBe('Train');
      expect(screen.getByTestId('courses-tab-2').getAttribute('aria-current')).toBe('page');
      fireEvent.click(screen.getByTestId('courses-tab-1'));
      await waitFor(() => expect(router.state.location.search).toBe('?upType=1'));
      await waitFor(() =>
        expect(
          calls
            .filter((c) => `${c.method} ${c.path}` === STUDY)
            .at(-1)
            ?.query.get('types'),
        ).toBe('Theory'),
      );
      fireEvent.click(screen.getByTestId('courses-tab-3'));
      await waitFor(() => expect(router.state.location.search).toBe(''));
      expect(screen.getByTestId('courses-tab-3').getAttribute('aria-current')).toBe('page');
      await waitFor(() =>
        expect(
          calls
            .filter((c) => `${c.method} ${c.path}` === STUDY)
            .at(-1)
            ?.query.get('types'),
        ).toBe('Theory,Train'),
      );
    });

    it('searches by name or class code on Enter or 搜索, never on the Enter that ends an IME composition', async () => {
      stubBrowser();
      const calls = stubFetch(
        routes({ [STUDY]: (c) => (c.query.get('search') ? page([]) : page([course()])) }),
      );
      const { router } = renderApp('/workbench/index/school?upType=1');
      await screen.findAllByTestId('study-course');
      const box = screen.getByPlaceholderText('请输入课程名称或班级码');
      fireEvent.change(box, { target: { value: ' 数据 ' } });
      fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
      fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
      await act(async () => undefined);
      expect(router.state.location.search).toBe('?upType=1');
      fireEvent.keyDown(box, { key: 'Enter' });
      await waitFor(() => expect(router.state.location.search).toBe('?upType=1&search=%E6%95%B0%E6%8D%AE'));
      expect(await screen.findByText('没有找到与“数据”相关的课程')).toBeTruthy();
      expect(
        calls
          .filter((c) => `${c.method} ${c.path}` === STUDY)
          .at(-1)
          ?.query.get('search'),
      ).toBe('数据');
      fireEvent.change(box, { target: { value: 'ABCD2345' } });
      fireEvent.click(button('搜索'));
      await waitFor(() => expect(router.state.location.search).toContain('search=ABCD2345'));
    });

    it('a failure shows the server’s message with 重试; 暂无课程 when there are none', async () => {
      stubBrowser();
      let answer: StubAnswer = fail(500, '服务器内部错误，请稍后重试');
      stubFetch(routes({ [STUDY]: () => answer }));
      renderApp('/workbench/index/school');
      expect(await screen.findByText('服务器内部错误，请稍后重试', {}, { timeout: 4000 })).toBeTruthy();
      answer = page([]);
      fireEvent.click(button('重试'));
      expect(await screen.findByText('暂无课程')).toBeTruthy();
    });

    it('pages when there are more than 12, keeping the page in the address', async () => {
      stubBrowser();
      const rows = Array.from({ length: 12 }, (_, i) => course({ id: String(100 + i), name: `课程${i}` }));
      const calls = stubFetch(
        routes({
          [STUDY]: (c) =>
            page(c.query.get('pageNumber') === '2' ? [course({ id: '200', name: '第二页的课' })] : rows, 13),
        }),
      );
      const { router } = renderApp('/workbench/index/school');
      expect(await screen.findAllByTestId('study-course')).toHaveLength(12);
      const pager = screen.getByTestId('courses-pager');
      fireEvent.click(within(pager).getByTitle('2'));
      expect(await screen.findByRole('heading', { name: '第二页的课' })).toBeTruthy();
      expect(router.state.location.search).toBe('?page=2');
      expect(
        calls
          .filter((c) => `${c.method} ${c.path}` === STUDY)
          .at(-1)
          ?.query.get('pageSize'),
      ).toBe('12');
    });

    it('a page that empties (its last course archived) goes back to the last page', async () => {
      stubBrowser();
      const rows = Array.from({ length: 12 }, (_, i) => course({ id: String(100 + i), name: `课程${i}` }));
      stubFetch(routes({ [STUDY]: (c) => page(c.query.get('pageNumber') === '2' ? [] : rows, 12) }));
      const { router } = renderApp('/workbench/index/school?upType=1&page=2');
      await waitFor(() => expect(router.state.location.search).toBe('?upType=1'));
      expect(await screen.findAllByTestId('study-course')).toHaveLength(12);
    });

    it('置顶 and 取消置顶 are one call; the list is asked again', async () => {
      stubBrowser();
      let focus = false;
      const calls = stubFetch(
        routes({
          [STUDY]: () => page([course({ focus })]),
          'POST /api/course/courses/11/students/focus': () => {
            focus = !focus;
            return ok({ focus });
          },
        }),
      );
      renderApp('/workbench/index/school');
      fireEvent.click(await screen.findByTestId('course-focus'));
      expect(await screen.findByTestId('course-pinned')).toBeTruthy();
      await waitFor(() => expect(screen.getByTestId('course-focus').textContent).toContain('取消置顶'));
      fireEvent.click(screen.getByTestId('course-focus'));
      await waitFor(() => expect(screen.queryByTestId('course-pinned')).toBeNull());
      expect(calls.filter((c) => c.path === '/api/course/courses/11/students/focus')).toHaveLength(2);
    });

    it('归档 asks first: 取消 sends nothing; 归档 archives and the course leaves the list', async () => {
      stubBrowser();
      let archived = false;
      const calls = stubFetch(
        routes({
          [STUDY]: () => page(archived ? [] : [course()]),
          'POST /api/course/courses/archive_status': () => {
            archived = true;
            return ok({ archived: true });
          },
        }),
      );
      renderApp('/workbench/index/school');
      fireEvent.click(await screen.findByTestId('course-archive'));
      expect((await screen.findByTestId('confirm-content')).textContent).toContain(
        '确定归档《数据结构》吗？',
      );
      fireEvent.click(button('取消', screen.getByRole('dialog')));
      finishLeaveMotion();
      expect(calls.some((c) => c.path === '/api/course/courses/archive_status')).toBe(false);
      fireEvent.click(screen.getByTestId('course-archive'));
      fireEvent.click(await screen.findByTestId('confirm-ok'));
      expect(await screen.findByText('暂无课程')).toBeTruthy();
      const call = calls.find((c) => c.path === '/api/course/courses/archive_status');
      expect(call?.method).toBe('POST');
      expect(call?.query.get('courseId')).toBe('11');
    });

    it('归档课程 opens the archive in a new tab', async () => {
      const nav = stubBrowser();
      stubFetch(routes({ [STUDY]: page([]) }));
      renderApp('/workbench/index/school');
      fireEvent.click(await screen.findByTestId('open-archived'));
      expect(nav.openNewTab).toHaveBeenCalledWith('/workbench/archivecourses');
    });

    it('a teacher is pointed to the teacher’s course pages and nothing is asked', async () => {
      stubBrowser();
      signIn('Teacher');
      const calls = stubFetch({ ...routes({}), ...sessionRoutes('Teacher') });
      renderApp('/workbench/index/school');
      expect((await screen.findByTestId('courses-teacher-hint')).textContent).toContain('教学中心');
      expect(screen.getByRole('link', { name: '前往我的课程（教师）' }).getAttribute('href')).toBe(
        '/u/teacherGr/group',
      );
      expect(calls.some((c) => c.path === '/api/course/athena/courses/study')).toBe(false);
    });
  });

  describe('加入课程', () => {
    const openJoin = async () => {
      fireEvent.click(await screen.findByTestId('join-course'));
      return (await screen.findByTestId('join-code')) as HTMLInputElement;
    };
    const INFO_OK = ok({
      overt: true,
      name: '数据结构',
      courseId: '11',
      className: '软件2401班',
      creator: '李静',
      type: 'Theory',
      organ: { id: 'c9', name: '信息学院', parent: { id: 'o1', name: '优加示范大学' } },
    });

    it('an empty code says 请输入班级码, announced on the input; nothing is asked', async () => {
      stubBrowser();
      const calls = stubFetch(routes({ [STUDY]: page([]) }));
      renderApp('/workbench/index/school');
      const input = await openJoin();
      fireEvent.change(input, { target: { value: '   ' } });
      fireEvent.click(button('查询班级'));
      const error = await screen.findByTestId('join-error');
      expect(error.textContent).toBe('请输入班级码');
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(error.id);
      expect(calls.some((c) => c.path === '/api/course/course_teach_class/course_info')).toBe(false);
      fireEvent.change(input, { target: { value: 'A' } });
      expect(screen.queryByTestId('join-error')).toBeNull();
      expect(input.getAttribute('aria-invalid')).toBeNull();
    });

    it('no organisation: 当前未加入任何机构 before anything is looked up', async () => {
      stubBrowser();
      const calls = stubFetch(routes({ [STUDY]: page([]), [ORGANS]: ok([]) }));
      renderApp('/workbench/index/school');
      const input = await openJoin();
      await waitFor(() => expect(calls.some((c) => c.path === '/api/portal/users/u1')).toBe(true));
      fireEvent.change(input, { target: { value: 'abcd2345' } });
      fireEvent.click(button('查询班级'));
      await waitFor(() => expect(screen.getByTestId('join-error').textContent).toBe('当前未加入任何机构'));
      expect(calls.some((c) => c.path === '/api/course/course_teach_class/course_info')).toBe(false);
    });

    it('looks the class up (course and organisation shown), joins, says 加入课程成功 and the list refreshes', async () => {
      stubBrowser();
      let joined = false;
      const calls = stubFetch(
        routes({
          [STUDY]: () => page(joined ? [course()] : []),
          [INFO]: INFO_OK,
          [JOIN]: () => {
            joined = true;
            return ok({ courseId: '11', name: '数据结构', className: '软件2401班' });
          },
        }),
      );
      renderApp('/workbench/index/school');
      await screen.findByText('暂无课程');
      const input = await openJoin();
      fireEvent.change(input, { target: { value: ' abcd2345 ' } });
      fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
      await act(async () => undefined);
      expect(calls.some((c) => c.path === '/api/course/course_teach_class/course_info')).toBe(false);
      fireEvent.keyDown(input, { key: 'Enter' });
      expect((await screen.findByTestId('join-course-name')).textContent).toBe('数据结构');
      expect(screen.getByTestId('join-organ').textContent).toBe('优加示范大学 / 信息学院');
      expect(
        calls.find((c) => c.path === '/api/course/course_teach_class/course_info')?.query.get('code'),
      ).toBe('ABCD2345');
      expect(calls.some((c) => c.path === '/api/course/courses/students/joined')).toBe(false);
      fireEvent.click(button('确认加入'));
      expect(await screen.findByText('加入课程成功')).toBeTruthy();
      expect(calls.find((c) => c.path === '/api/course/courses/students/joined')?.body).toEqual({
        classCode: 'ABCD2345',
        schoolId: 'o1',
      });
      expect(await screen.findByTestId('study-course')).toBeTruthy();
    });

    it('the server’s refusal appears under the input, 403 included (您尚未加入…); nothing is joined twice', async () => {
      stubBrowser();
      let joinAnswer: StubAnswer = fail(403, '您尚未加入信息学院');
      stubFetch(
        routes({
          [STUDY]: page([]),
          [INFO]: (c) => (c.query.get('code') === 'ZZZZ2345' ? fail(404, '班级码不存在') : INFO_OK),
          [JOIN]: () => joinAnswer,
        }),
      );
      renderApp('/workbench/index/school');
      const input = await openJoin();
      fireEvent.change(input, { target: { value: 'ZZZZ2345' } });
      fireEvent.click(button('查询班级'));
      await waitFor(() => expect(screen.getByTestId('join-error').textContent).toBe('班级码不存在'));
      expect(input.getAttribute('aria-invalid')).toBe('true');
      fireEvent.change(input, { target: { value: 'ABCD2345' } });
      fireEvent.click(button('查询班级'));
      fireEvent.click(await screen.findByTestId('join-confirm'));
      await waitFor(() => expect(screen.getByTestId('join-error').textContent).toBe('您尚未加入信息学院'));
      joinAnswer = fail(400, '您已加入该课程');
      fireEvent.click(screen.getByTestId('join-confirm'));
      await waitFor(() => expect(screen.getByTestId('join-error').textContent).toBe('您已加入该课程'));
      expect(screen.getByTestId('join-dialog')).toBeTruthy();
    });

    it('a closed class is shown without 确认加入', async () => {
      stubBrowser();
      stubFetch(
        routes({
          [STUDY]: page([]),
          [INFO]: ok({
            overt: false,
            name: '数据结构',
            courseId: '11',
            className: '软件2401班',
            creator: '李静',
            type: 'Theory',
            organ: { id: 'o1', name: '优加示范大学', parent: null },
          }),
        }),
      );
      renderApp('/workbench/index/school');
      const input = await openJoin();
      fireEvent.change(input, { target: { value: 'ABCD2345' } });
      fireEvent.click(button('查询班级'));
      expect((await screen.findByTestId('join-info')).textContent).toContain('该班级暂不接受加入');
      expect(screen.getByTestId('join-organ').textContent).toBe('优加示范大学');
      expect(screen.queryByTestId('join-confirm')).toBeNull();
    });
  });

  describe('归档课程', () => {
    it('lists the archive by type and name; 恢复 restores and the course leaves it; a teacher-archived course cannot be restored', async () => {
      stubBrowser();
      let restored = false;
      const calls = stubFetch(
        routes({
          [ARCHIVED]: () =>
            page([
              ...(restored ? [] : [course({ selfArchived: true })]),
              course({ id: '13', name: '操作系统', courseArchived: true }),
            ]),
          'POST /api/course/courses/11/students/archived': () => {
            restored = true;
            return ok({ archived: false });
          },
        }),
      );
      renderApp('/workbench/archivecourses?upType=1');
      expect(await screen.findByRole('heading', { name: '归档课程', level: 1 })).toBeTruthy();
      const cards = await screen.findAllByTestId('study-course');
      expect(cards).toHaveLength(2);
      expect(calls.find((c) => `${c.method} ${c.path}` === ARCHIVED)?.query.get('types')).toBe('Theory');
      expect(within(cards[0] as HTMLElement).queryByTestId('course-focus')).toBeNull();
      expect(within(cards[1] as HTMLElement).getByTestId('course-archived-by-teacher').textContent).toContain(
        '教师归档',
      );
      expect(within(cards[1] as HTMLElement).queryByTestId('course-restore')).toBeNull();
      expect(screen.getByPlaceholderText('请输入课程名称')).toBeTruthy();
      fireEvent.click(within(cards[0] as HTMLElement).getByTestId('course-restore'));
      await waitFor(() => expect(screen.getAllByTestId('study-course')).toHaveLength(1));
      expect(await screen.findByText('已恢复')).toBeTruthy();
    });
  });
});
