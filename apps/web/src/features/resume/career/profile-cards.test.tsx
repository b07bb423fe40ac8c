import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type MemberDetail, RESUME_MSG } from '@uplus/shared';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderWithRouter,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { ResumeEditingProvider } from '../editing';
import { withTimestamp } from './api';
import { AvatarField } from './avatar-cropper';
import { JobStatusCard } from './job-status-card';
import { PersonalSection } from './personal-section';
import { PrivacyCard } from './privacy-card';

const PROFILE: NonNullable<MemberDetail['profile']> = {
  name: '王小明',
  portrait: '',
  portraitPath: '',
  birthday: Date.UTC(2003, 4, 20, 16),
  sex: 'Male',
  sexTitle: '男',
  age: 23,
  politicalStatus: null,
  politicalStatusTitle: '',
  email: null,
  mobile: '13812345678',
  domicileProvinceCode: null,
  domicileProvinceName: '',
  domicileCityCode: null,
  domicileCityName: '',
  minSalary: null,
  maxSalary: null,
  status: 'Seeking',
  statusTitle: '正在求职',
  companyName: null,
  companyId: null,
  occupationName: null,
  occupationId: null,
  visible: 'Yes',
  updateAt: null,
};

const BASIC = {
  userId: 'u1',
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

/** A member server: GET members answers `profile` (changed by the handlers the test passes). */
const server = (
  profile: typeof PROFILE,
  extra: Record<string, (call: RecordedCall) => ReturnType<typeof ok>> = {},
) => {
  const state = { profile: { ...profile } };
  const calls = stubFetch({
    'GET /api/ourea/members': () =>
      ok({ id: 'u1', name: state.profile.name, profile: state.profile, intentions: [], citys: [] }),
    'GET /api/ourea/divisions': () => ok([]),
    'PUT /api/ourea/member_profiles': (call) => {
      state.profile = { ...state.profile, ...(call.body as object) };
      return ok(BASIC);
    },
    ...extra,
  });
  return { calls, state };
};

const renderCard = (ui: React.ReactNode) =>
  renderWithRouter(
    <App>
      <ResumeEditingProvider>{ui}</ResumeEditingProvider>
    </App>,
  );

// the editing parts load on demand (components/lazy-part.tsx)
afterEach(async () => {
  await deferredLoadsSettled();
});
beforeEach(() => {
  setSite();
  stubBrowser();
  signIn('Student');
});

describe('PrivacyCard', () => {
  it('asks before hiding, hides on confirm (简历隐藏成功), restores at once (简历已恢复展示)', async () => {
    const { calls, state } = server(PROFILE, {
      'DELETE /api/ourea/member_profiles/visible': () => {
        state.profile.visible = 'No';
        return ok({ visible: 'No' });
      },
      'PUT /api/ourea/member_profiles/visible': () => {
        state.profile.visible = 'Yes';
        return ok({ visible: 'Yes' });
      },
    });
    renderCard(<PrivacyCard />);
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText(RESUME_MSG.hideConfirm)).toBeTruthy();
    // cancelled: nothing sent, still off
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);
    fireEvent.click(await screen.findByTestId('privacy-confirm'));
    expect(await screen.findByText(RESUME_MSG.hidden)).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);

    fireEvent.click(toggle);
    expect(await screen.findByText(RESUME_MSG.restored)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT' && c.path.endsWith('/visible'))).toHaveLength(1);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });

  it('goes back when hiding fails', async () => {
    server(PROFILE, { 'DELETE /api/ourea/member_profiles/visible': () => fail(500, '服务器开小差了') });
    renderCard(<PrivacyCard />);
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    fireEvent.click(await screen.findByTestId('privacy-confirm'));
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });
});

describe('JobStatusCard', () => {
  it('Accepted opens the dialog with its two rules, then saves; Seeking saves at once', async () => {
    const { calls } = server(PROFILE);
    renderCard(<JobStatusCard />);
    fireEvent.click(await screen.findByLabelText('已接受offer'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('accepted-save'));
    expect(await within(dialog).findByText(RESUME_MSG.acceptedPositionRequired)).toBeTruthy();
    const position = within(dialog).getByTestId('accepted-position');
    expect(position.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(position, { target: { value: '前端工程师' } });
    fireEvent.click(within(dialog).getByTestId('accepted-save'));
    expect(await within(dialog).findByText(RESUME_MSG.acceptedCompanyRequired)).toBeTruthy();
    const company = within(dialog).getByTestId('accepted-company');
    fireEvent.change(company, { target: { value: '字节跳动' } });
    // Enter while an IME composes only picks characters
    fireEvent.keyDown(company, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.keyDown(company, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      status: 'Accepted',
      occupationName: '前端工程师',
      companyName: '字节跳动',
    });
    expect((await screen.findByTestId('job-status-accepted')).textContent).toContain('字节跳动');

    fireEvent.click(screen.getByLabelText('正在求职'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({ status: 'Seeking' });
    await waitFor(() => expect(screen.queryByTestId('job-status-accepted')).toBeNull());
  });
});

describe('PersonalSection', () => {
  it('checks in the spec’s order under each field, then saves the personal body and the politics', async () => {
    const { calls } = server(PROFILE, {
      'PUT /api/ourea/member_profiles/political': () =>
        ok({ politicalStatus: 'LeagueMember', politicalStatusTitle: '共青团员' }),
    });
    renderCard(<PersonalSection />);
    expect((await screen.findByTestId('personal-view')).textContent).toContain('男 | 23岁');
    fireEvent.click(screen.getByTestId('personal-edit'));
    const name = await screen.findByTestId('personal-name');
    const mobile = screen.getByTestId('personal-mobile');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.change(mobile, { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('personal-save'));
    // only the first failing rule is shown
    expect(await screen.findByText(RESUME_MSG.nameRequired)).toBeTruthy();
    expect(screen.queryByText(RESUME_MSG.mobileInvalid)).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(name, { target: { value: '李华' } });
    fireEvent.click(screen.getByTestId('personal-save'));
    expect(await screen.findByText(RESUME_MSG.mobileInvalid)).toBeTruthy();
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(mobile, { target: { value: '13912345678' } });
    fireEvent.mouseDown(within(screen.getByTestId('personal-political')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('共青团员'));
    fireEvent.click(screen.getByTestId('personal-save'));
    await waitFor(() => expect(screen.queryByTestId('personal-form')).toBeNull());
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts[0]?.body).toEqual({
      name: '李华',
      email: null,
      birthday: PROFILE.birthday,
      sex: 'Male',
      mobile: '13912345678',
      domicileProvinceCode: null,
      domicileCityCode: null,
    });
    expect(puts[1]?.path).toBe('/api/ourea/member_profiles/political');
    expect(puts[1]?.query.get('politicalStatus')).toBe('LeagueMember');
  });

  it('puts a server refusal under its field and stays in edit mode', async () => {
    server(PROFILE, {
      'PUT /api/ourea/member_profiles': () => fail(400, RESUME_MSG.emailInvalid),
    });
    renderCard(<PersonalSection />);
    fireEvent.click(await screen.findByTestId('personal-edit'));
    fireEvent.change(await screen.findByTestId('personal-email'), { target: { value: 'a@b.cn' } });
    fireEvent.click(screen.getByTestId('personal-save'));
    expect(await screen.findByText(RESUME_MSG.emailInvalid)).toBeTruthy();
    expect(screen.getByTestId('personal-email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('personal-form')).toBeTruthy();
  });

  it('shows a retry when the member cannot be loaded', async () => {
    let answer = fail(500, '服务器开小差了');
    stubFetch({
      'GET /api/ourea/members': () => answer,
      'GET /api/ourea/divisions': () => ok([]),
    });
    renderCard(<PersonalSection />);
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    answer = ok({ id: 'u1', name: '王小明', profile: PROFILE, intentions: [], citys: [] });
    fireEvent.click(retry);
    expect(await screen.findByTestId('personal-view')).toBeTruthy();
  });
});

describe('AvatarField', () => {
  it('refuses other types and files of 2 MB or more before cropping', async () => {
    stubFetch({});
    renderCard(<AvatarField value="" onUploaded={() => {}} />);
    const input = screen.getByTestId('avatar-input');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    });
    expect(await screen.findByText(RESUME_MSG.avatarType)).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'a.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [big] } });
    });
    expect(await screen.findByText(RESUME_MSG.avatarSize)).toBeTruthy();
    expect(screen.queryByTestId('avatar-cropper')).toBeNull();
  });

  it('adds a timestamp to the image address so no cached copy stands in', () => {
    expect(withTimestamp('/api/files/3/content?expires=1&signature=s', 42)).toBe(
      '/api/files/3/content?expires=1&signature=s&t=42',
    );
    expect(withTimestamp('https://x/a.jpg', 42)).toBe('https://x/a.jpg?t=42');
    expect(withTimestamp('', 42)).toBe('');
  });
});
