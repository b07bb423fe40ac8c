import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ORGAN_CHANNEL } from '@uplus/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  basicInfo,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  refresh,
  renderApp,
  renderWithRouter,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { TAB_ID } from './api';
import { SwitchOrganDialog } from './switch-organ-dialog';

const ORGANS = [
  {
    id: 'o1',
    name: '优加示范大学',
    leafOrganName: '软件工程2301班',
    identityTypeTitle: '学生',
    identityType: 'Student',
    organizedCode: 'UPLUS',
    defaultOrgan: true,
  },
  {
    id: 'o2',
    name: '示范区域学院',
    leafOrganName: '人工智能学院',
    identityTypeTitle: '学生',
    identityType: 'Student',
    organizedCode: 'AREA',
    defaultOrgan: false,
  },
];

/** The organisation list endpoint, filtering by organName like the server. */
const organList = (call: RecordedCall) => {
  const name = call.query.get('organName') ?? '';
  return ok(ORGANS.filter((o) => o.name.includes(name)));
};

describe('switch-organisation dialog', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Student');
    window.localStorage.setItem('organ', JSON.stringify({ id: 'o1', name: '优加示范大学' }));
  });

  it('lists the organisations with name, leaf organisation and identity, preselecting the stored organ', async () => {
    const calls = stubFetch({ 'GET /api/portal/users/u1': organList });
    renderWithRouter(<SwitchOrganDialog open onClose={() => {}} />);
    const dialog = await screen.findByTestId('organ-dialog');
    expect(within(dialog).getByText('切换机构')).toBeTruthy();
    const options = await within(dialog).findAllByTestId('organ-option');
    expect(options).toHaveLength(2);
    expect(options[1]?.textContent).toContain('示范区域学院');
    expect(options[1]?.textContent).toContain('人工智能学院');
    expect(options[1]?.textContent).toContain('学生');
    const radios = within(dialog).getAllByRole('radio') as HTMLInputElement[];
    expect(radios[0]?.checked).toBe(true);
    expect(radios[1]?.checked).toBe(false);
    expect(calls[0]?.query.has('organName')).toBe(false);
    expect(within(dialog).getByPlaceholderText('请输入机构名称搜索')).toBeTruthy();
  });

  it('searches by name after typing stops and shows 暂无内容 for no match', async () => {
    const calls = stubFetch({ 'GET /api/portal/users/u1': organList });
    renderWithRouter(<SwitchOrganDialog open onClose={() => {}} />);
    await screen.findAllByTestId('organ-option');
    const input = screen.getByPlaceholderText('请输入机构名称搜索');
    fireEvent.change(input, { target: { value: '区域' } });
    fireEvent.change(input, { target: { value: '区域学' } });
    await waitFor(() => expect(screen.getAllByTestId('organ-option')).toHaveLength(1));
    const searches = calls.filter((c) => c.query.has('organName')).map((c) => c.query.get('organName'));
    expect(searches).toEqual(['区域学']);
    fireEvent.change(input, { target: { value: '不存在的机构' } });
    expect(await screen.findByText('暂无内容')).toBeTruthy();
    expect(screen.queryAllByTestId('organ-option')).toHaveLength(0);
  });

  it('confirms: posts switchToOrganId, stores the organ, re-syncs the session, broadcasts, closes, says 已切换到…', async () => {
    const calls = stubFetch({
      'GET /api/portal/users/u1': organList,
      'POST /api/portal/users/switch': ok({ organId: 'o2', organName: '示范区域学院', role: 'Student' }),
      'GET /api/base/session/refresh_token': ok(refresh('Student', { course: 0, qom: 0 }, 'o2')),
      'GET /api/portal/users/basic_info': ok(basicInfo({ organId: 'o2', organName: '示范区域学院' })),
    });
    const listener = new BroadcastChannel(ORGAN_CHANNEL);
    const received = new Promise<unknown>((resolve) => {
      listener.onmessage = (event) => resolve(event.data);
    });
    const onClose = vi.fn();
    const nav = stubBrowser();
    renderWithRouter(<SwitchOrganDialog open onClose={onClose} />);
    const options = await screen.findAllByTestId('organ-option');
    fireEvent.click(within(options[1] as HTMLElement).getByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    // the user is told where they are now
    expect(await screen.findByText('已切换到示范区域学院')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/portal/users/switch');
    expect(post?.body).toEqual({ switchToOrganId: 'o2' });
    const after = calls.slice(calls.indexOf(post as RecordedCall)).map((c) => c.path);
    expect(after).toContain('/api/base/session/refresh_token');
    expect(after).toContain('/api/portal/users/basic_info');
    expect(JSON.parse(window.localStorage.getItem('organ') ?? '{}')).toMatchObject({ id: 'o2' });
    await expect(received).resolves.toEqual({ type: 'organ-changed', organId: 'o2', sender: TAB_ID });
    // the tab that switched does not reload itself
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(nav.reload).not.toHaveBeenCalled();
    listener.close();
  });

  it('keeps the dialog open and the organ unchanged when the switch is refused', async () => {
    stubFetch({
      'GET /api/portal/users/u1': organList,
      'POST /api/portal/users/switch': {
        status: 403,
        body: { success: false, code: 403, message: '暂无权限', data: null },
      },
    });
    const onClose = vi.fn();
    renderWithRouter(<SwitchOrganDialog open onClose={onClose} />);
    const options = await screen.findAllByTestId('organ-option');
    fireEvent.click(within(options[1] as HTMLElement).getByRole('radio'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('暂无权限')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem('organ') ?? '{}')).toMatchObject({ id: 'o1' });
  });

  it('opens from the user menu, and cancel closes it and clears the search', async () => {
    stubFetch({ ...sessionRoutes('Student'), 'GET /api/portal/users/u1': organList });
    renderApp('/home/index');
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('switch-organ-item'));
    const input = await screen.findByPlaceholderText('请输入机构名称搜索');
    fireEvent.change(input, { target: { value: '区域' } });
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => {
      finishLeaveMotion();
      expect(screen.queryByPlaceholderText('请输入机构名称搜索')).toBeNull();
    });
    fireEvent.click(screen.getByTestId('user-menu'));
    fireEvent.click(await screen.findByTestId('switch-organ-item'));
    expect(((await screen.findByPlaceholderText('请输入机构名称搜索')) as HTMLInputElement).value).toBe('');
  });

  it('reloads this tab when another tab announces an organisation change', async () => {
    const nav = stubBrowser();
    stubFetch(sessionRoutes('Student'));
    renderApp('/home/index');
    await screen.findByTestId('user-menu');
    const other = new BroadcastChannel(ORGAN_CHANNEL);
    other.postMessage({ type: 'organ-changed', organId: 'o2' });
    other.close();
    await waitFor(() => expect(nav.reload).toHaveBeenCalled());
  });
});
