import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defaultEnrolmentYear, type MemberBasicInfo, PROFILE_MSG, yearStart } from '@uplus/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderApp,
  renderWithRouter,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { PROFILE_LATER_KEY } from './profile-completion';
import { ProfileCompletionDialog } from './profile-completion-dialog';

const EMPTY: MemberBasicInfo = {
  userId: '1',
  name: '王小明',
  sex: 'Male',
  avatar: '',
  birthday: null,
  degree: null,
  schoolCode: null,
  schoolName: '',
  majorCode: null,
  majorName: '',
  enrolmentAt: null,
  graduateAt: null,
  perfected: false,
};
const COMPLETE: MemberBasicInfo = {
  ...EMPTY,
  birthday: new Date(2004, 2, 8).getTime(),
  degree: 'Bachelor',
  schoolCode: '10001',
  schoolName: '北京大学',
  majorCode: '080902',
  majorName: '软件工程',
  enrolmentAt: yearStart(defaultEnrolmentYear()),
  graduateAt: yearStart(new Date().getFullYear()),
  perfected: true,
};

const SCHOOLS = [
  { code: '10001', name: '北京大学', province: '北京市' },
  { code: '10004', name: '北京交通大学', province: '北京市' },
];

/** The workbench with a profile server: basic info, save, school and major search. */
const profileServer = (start: MemberBasicInfo, role = 'Student') => {
  let info = start;
  return {
    ...sessionRoutes(role, '王小明'),
    'GET /api/base/organ/modules': ok([]),
    'GET /api/ourea/members/basic/info': () => ok(info),
    'PUT /api/ourea/member_profiles': (call: RecordedCall) => {
      const body = call.body as Record<string, unknown>;
      info = { ...COMPLETE, name: String(body.name), schoolCode: String(body.schoolCode), perfected: true };
      return { ...ok(info), message: PROFILE_MSG.saved };
    },
    'GET /api/ourea/schools': (call: RecordedCall) => {
      const q = call.query.get('search') ?? '';
      const rows = SCHOOLS.filter((s) => s.name.includes(q));
      return ok({ rows, total: rows.length });
    },
    'GET /api/ourea/majors': () =>
      ok({ rows: [{ code: '080902', name: '软件工程', category: '工学' }], total: 1 }),
  };
};

beforeEach(() => {
  setSite();
  stubBrowser();
  signIn('Student');
  window.sessionStorage.clear();
});

const dialogTitle = () => screen.findByText(PROFILE_MSG.title);
const saveButton = () => screen.getByTestId('profile-save');

/** The message under a field, and the field's control says so (aria-invalid, aria-describedby). */
const expectFieldError = async (testId: string, message: string) => {
  const text = await screen.findByText(message);
  const control = screen.getByTestId(testId);
  const input = control.matches('input') ? control : (control.querySelector('input') ?? control);
  await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
  const describedBy = input.getAttribute('aria-describedby') ?? '';
  const explain = text.closest('[id]');
  expect(explain && describedBy.split(' ').includes(explain.id)).toBe(true);
};

describe('完善个人信息 in the workbench', () => {
  it('opens for a student whose profile is incomplete, prefilled; enrolment year defaults to this year minus 2', async () => {
    const calls = stubFetch(profileServer(EMPTY));
    renderApp('/workbench/index/school');
    await dialogTitle();
    expect((screen.getByTestId('profile-name') as HTMLInputElement).value).toBe('王小明');
    expect(screen.getByText('3 / 8')).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(`${defaultEnrolmentYear()}年`)).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: '男' })).toHaveProperty('checked', true);
    expect(calls.filter((c) => c.path === '/api/ourea/members/basic/info')).toHaveLength(1);
  });

  it('does not open when the profile is complete', async () => {
    const calls = stubFetch(profileServer(COMPLETE));
    renderApp('/workbench/index/school');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/ourea/members/basic/info')).toBe(true));
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText(PROFILE_MSG.title)).toBeNull();
  });

  it('does not ask nor open for a teacher', async () => {
    signIn('Teacher');
    const calls = stubFetch(profileServer(EMPTY, 'Teacher'));
    renderApp('/workbench/index/school');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(calls.some((c) => c.path === '/api/ourea/members/basic/info')).toBe(false);
    expect(screen.queryByText(PROFILE_MSG.title)).toBeNull();
  });

  it('stays closed when asking fails', async () => {
    stubFetch({ ...profileServer(EMPTY), 'GET /api/ourea/members/basic/info': fail(500, '服务器错误') });
    renderApp('/workbench/index/school');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText(PROFILE_MSG.title)).toBeNull();
  });

  it('稍后完善 closes it for this session; a new session asks again', async () => {
    stubFetch(profileServer(EMPTY));
    const first = renderApp('/workbench/index/school');
    await dialogTitle();
    fireEvent.click(screen.getByTestId('profile-later'));
    await waitFor(() => {
      finishLeaveMotion();
      expect(screen.queryByText(PROFILE_MSG.title)).toBeNull();
    });
    expect(window.sessionStorage.getItem(PROFILE_LATER_KEY)).toBe('1');
    first.unmount();
    // the same session: not again
    renderApp('/workbench/index/school');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText(PROFILE_MSG.title)).toBeNull();
  });

  it('a new session opens it again', async () => {
    stubFetch(profileServer(EMPTY));
    renderApp('/workbench/index/school');
    expect(await dialogTitle()).toBeTruthy();
  });

  it('picks a school by search (无匹配结果 when none), saves: 保存成功, closes and does not come back', async () => {
    const calls = stubFetch(
      profileServer({ ...COMPLETE, schoolCode: null, schoolName: '', perfected: false }),
    );
    const view = renderApp('/workbench/index/school');
    await dialogTitle();
    const school = within(screen.getByTestId('profile-school')).getByRole('combobox');
    fireEvent.mouseDown(school);
    fireEvent.change(school, { target: { value: '不存在' } });
    expect(await screen.findByText(PROFILE_MSG.noMatch)).toBeTruthy();
    fireEvent.change(school, { target: { value: '北京' } });
    fireEvent.click(await screen.findByText('北京交通大学'));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.path === '/api/ourea/schools').map((c) => c.query.get('search')),
      ).toContain('北京'),
    );
    fireEvent.click(saveButton());
    expect(await screen.findByText(PROFILE_MSG.saved)).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({
      name: '王小明',
      sex: 'Male',
      schoolCode: '10004',
      majorCode: '080902',
      degree: 'Bachelor',
      enrolmentAt: yearStart(defaultEnrolmentYear()),
      graduateAt: yearStart(new Date().getFullYear()),
    });
    finishLeaveMotion();
    await waitFor(() => expect(screen.queryByText(PROFILE_MSG.title)).toBeNull());
    view.unmount();
    renderApp('/workbench/index/school');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.queryByText(PROFILE_MSG.title)).toBeNull();
  });
});

describe('完善个人信息 checks in the spec’s order', () => {
  const open = (info: MemberBasicInfo) => {
    const calls = stubFetch(profileServer(info));
    renderWithRouter(<ProfileCompletionDialog open info={info} onLater={() => {}} onSaved={() => {}} />);
    return calls;
  };
  const cases: [string, MemberBasicInfo, string, string][] = [
    ['nothing filled, name cleared', { ...EMPTY, name: '' }, PROFILE_MSG.nameRequired, 'profile-name'],
    ['name only', EMPTY, PROFILE_MSG.birthdayRequired, 'profile-birthday'],
    [
      'name and birth date',
      { ...EMPTY, birthday: COMPLETE.birthday },
      PROFILE_MSG.schoolRequired,
      'profile-school',
    ],
    [
      'up to the school',
      { ...COMPLETE, majorCode: null, degree: null, perfected: false },
      PROFILE_MSG.majorRequired,
      'profile-major',
    ],
    [
      'up to the major',
      { ...COMPLETE, degree: null, perfected: false },
      PROFILE_MSG.degreeRequired,
      'profile-degree',
    ],
    [
      'a name of 9',
      { ...COMPLETE, name: '一二三四五六七八九', perfected: false },
      PROFILE_MSG.nameTooLong,
      'profile-name',
    ],
  ];
  it.each(cases)('%s -> %s', async (_, info, message, testId) => {
    const calls = open(info);
    await dialogTitle();
    fireEvent.click(saveButton());
    await expectFieldError(testId, message);
    // only the first message shows
    for (const other of [
      PROFILE_MSG.nameRequired,
      PROFILE_MSG.birthdayRequired,
      PROFILE_MSG.schoolRequired,
      PROFILE_MSG.majorRequired,
      PROFILE_MSG.degreeRequired,
    ]) {
      if (other !== message) expect(screen.queryByText(other)).toBeNull();
    }
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('the Chinese IME’s Enter never saves; a plain Enter does', async () => {
    const calls = stubFetch(profileServer({ ...COMPLETE, perfected: false }));
    renderWithRouter(
      <ProfileCompletionDialog
        open
        info={{ ...COMPLETE, perfected: false }}
        onLater={() => {}}
        onSaved={() => {}}
      />,
    );
    await dialogTitle();
    const name = screen.getByTestId('profile-name');
    fireEvent.keyDown(name, { key: 'Enter', keyCode: 229, isComposing: true });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.keyDown(name, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
  });

  it('a server refusal shows under its field', async () => {
    stubFetch({
      ...profileServer({ ...COMPLETE, perfected: false }),
      'PUT /api/ourea/member_profiles': fail(400, PROFILE_MSG.schoolRequired),
    });
    renderWithRouter(
      <ProfileCompletionDialog
        open
        info={{ ...COMPLETE, perfected: false }}
        onLater={() => {}}
        onSaved={() => {}}
      />,
    );
    await dialogTitle();
    fireEvent.click(saveButton());
    await expectFieldError('profile-school', PROFILE_MSG.schoolRequired);
  });

  it('another server refusal shows in the dialog', async () => {
    stubFetch({
      ...profileServer({ ...COMPLETE, perfected: false }),
      'PUT /api/ourea/member_profiles': fail(500, '服务器开小差了'),
    });
    renderWithRouter(
      <ProfileCompletionDialog
        open
        info={{ ...COMPLETE, perfected: false }}
        onLater={() => {}}
        onSaved={() => {}}
      />,
    );
    await dialogTitle();
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('profile-error')).textContent).toContain('服务器开小差了');
  });
});
