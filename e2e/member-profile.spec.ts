import type { Locator, Page } from '@playwright/test';
import {
  expect,
  expectNoAxeViolations,
  PROFILE_DIALOG,
  shoot,
  signInAt,
  signInByApi,
  signOutByApi,
  test,
} from './support';

/*
 * Profile completion end to end (issue 12, spec 2.14) against the demo server: student01, whose member profile
 * is empty, enters the workbench and meets 完善个人信息. 保存 with nothing filled in says 请输入姓名; the
 * checks follow the spec's order as the fields are filled one by one; an Enter that only picks characters
 * in an IME composition does not save; school and major are searched on the server; 保存成功, and after a
 * reload the dialog stays away. Every page is checked by axe (support.ts) and photographed at both sizes.
 */

test.use({ profileDialog: 'keep' });

/**
 * Entering the workbench also opens the unread 课程通知 (workbench.spec.ts tests it), which would stack with
 * 完善个人信息 and fight it for the focus: this page is told there are none (the server keeps them unread
 * for the other specs).
 */
async function withoutCourseNotices(page: Page) {
  await page.route('**/notices/smallBell?*', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data?: { rows?: unknown[]; total?: number } };
    if (body.data) body.data = { ...body.data, rows: [], total: 0 };
    await route.fulfill({ response: answer, json: body });
  });
}

/** The form item (label, control, its error) of the dialog's field labelled `label`. */
const fieldOf = (dialog: Locator, label: string) =>
  dialog.locator('.ant-form-item').filter({ has: dialog.page().getByText(label, { exact: true }) });

/** The one error shown in the dialog, and that it sits under the field labelled `label`. */
async function expectOnlyError(dialog: Locator, label: string, message: string) {
  const errors = dialog.locator('.ant-form-item-explain-error');
  await expect(errors).toHaveCount(1);
  await expect(fieldOf(dialog, label).locator('.ant-form-item-explain-error')).toHaveText(message);
}

/** Opens an antd Select in the dialog, types `search` and picks the option `option` (server search). */
async function searchAndPick(dialog: Locator, testId: string, search: string, option: string) {
  const page = dialog.page();
  const select = dialog.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(search);
  const choice = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option });
  await expect(choice.first()).toBeVisible();
  await choice.first().click();
  await expect(select).toContainText(option);
}

test('student01 completes 完善个人信息: checks in order, IME Enter does not save, saved once and for all', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  // Rerunnable on the same server: the profile cannot be emptied again (no such API), so a retry or a
  // repeat after a run that completed it has nothing left to show; the first run on a fresh server must run.
  const ticket = await signInByApi(page, 'student01');
  const info = await page.request.get('/api/ourea/members/basic/info', {
    headers: { 'X-Access-Token': ticket },
  });
  expect(info.ok()).toBe(true);
  const perfected = ((await info.json()) as { data: { perfected: boolean } }).data.perfected;
  await signOutByApi(page, ticket);
  const again = testInfo.retry > 0 || testInfo.repeatEachIndex > 0;
  if (perfected && again)
    test.skip(true, 'student01’s profile was completed by an earlier run on this server');
  expect(perfected, 'student01’s demo profile starts incomplete').toBe(false);

  await withoutCourseNotices(page);
  await signInAt(page, '/workbench/index/school', 'student01');
  const dialog = page.getByRole('dialog', { name: PROFILE_DIALOG });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: '稍后完善' })).toBeVisible();
  const name = dialog.getByTestId('profile-name');
  // the account's name is offered; a student who clears it and saves hears the first check's message
  await expect(name).toHaveValue('王小明');
  await shoot(page, testInfo, 'profile-dialog');
  await expectNoAxeViolations(page);

  await name.fill('');
  await dialog.getByTestId('profile-save').click();
  await expectOnlyError(dialog, '姓名', '请输入姓名');
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, testInfo, 'profile-dialog-name-required');
  await expectNoAxeViolations(page);

  // A Chinese IME: the name is composed (pinyin first), and the Enter that picks the characters is part of
  // the composition: it must not save (saving would now move on to 请选择出生日期).
  await name.focus();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'wang', selectionStart: 4, selectionEnd: 4 });
  await cdp.send('Input.imeSetComposition', { text: '王xiaoming', selectionStart: 9, selectionEnd: 9 });
  await name.evaluate((input) => {
    const seen = window as unknown as { enterWhileComposing?: boolean };
    delete seen.enterWhileComposing;
    input.addEventListener(
      'keydown',
      (event) => {
        seen.enterWhileComposing = (event as KeyboardEvent).isComposing;
      },
      { once: true },
    );
  });
  await page.keyboard.press('Enter');
  await expect
    .poll(() =>
      page.evaluate(() => (window as unknown as { enterWhileComposing?: boolean }).enterWhileComposing),
    )
    .toBe(true);
  // the account's own name again: other specs (internships.spec) expect certificates to say 王小明
  await cdp.send('Input.insertText', { text: '王小明' });
  await expect(name).toHaveValue('王小明');
  await page.waitForTimeout(300);
  await expect(dialog.getByText('请选择出生日期')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await cdp.detach();

  // A plain Enter after the composition saves: the checks move on in the spec's order.
  await name.press('Enter');
  await expectOnlyError(dialog, '出生日期', '请选择出生日期');

  const birthday = dialog.getByTestId('profile-birthday');
  await birthday.click();
  await birthday.fill('2004-03-08');
  await birthday.press('Enter');
  await expect(birthday).toHaveValue('2004-03-08');
  await dialog.getByTestId('profile-save').click();
  await expectOnlyError(dialog, '学校', '请选择学校');

  await searchAndPick(dialog, 'profile-school', '优加', '优加示范大学');
  await dialog.getByTestId('profile-save').click();
  await expectOnlyError(dialog, '专业', '请选择专业');

  await searchAndPick(dialog, 'profile-major', '软件', '软件工程');
  await dialog.getByTestId('profile-save').click();
  await expectOnlyError(dialog, '学历', '请选择学历');

  await dialog.getByTestId('profile-degree').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: '本科' })
    .click();
  await expect(dialog.getByTestId('profile-degree')).toContainText('本科');
  // the enrolment year offers this year back 12 years, two years ago chosen first
  const thisYear = new Date().getFullYear();
  await expect(dialog.getByTestId('profile-enrolment-year')).toContainText(`${thisYear - 2}年`);
  await dialog.getByTestId('profile-enrolment-year').click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: `${thisYear - 3}年` })
    .click();
  await expect(dialog.getByTestId('profile-enrolment-year')).toContainText(`${thisYear - 3}年`);
  await dialog.getByRole('radio', { name: '男' }).check();
  await shoot(page, testInfo, 'profile-dialog-filled');
  await expectNoAxeViolations(page);

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/ourea/member_profiles') && response.request().method() === 'PUT',
  );
  await dialog.getByTestId('profile-save').click();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The profile is complete on the server; a reload (and a new visit) does not ask again.
  await page.reload();
  await expect(page.getByRole('heading', { name: '我的课程', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('dialog', { name: PROFILE_DIALOG })).toHaveCount(0);
  await shoot(page, testInfo, 'workbench-after-profile');
  const token = await page.evaluate(() => window.localStorage.getItem('AccessToken'));
  const after = await page.request.get('/api/ourea/members/basic/info', {
    headers: { 'X-Access-Token': token ?? '' },
  });
  const body = (await after.json()) as {
    data: { perfected: boolean; name: string; schoolName: string; majorName: string; degree: string };
  };
  expect(body.data).toMatchObject({
    perfected: true,
    name: '王小明',
    schoolName: '优加示范大学',
    majorName: '软件工程',
    degree: 'Bachelor',
  });
});
