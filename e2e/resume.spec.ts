import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, shoot, signInAt, test } from './support';

/*
 * 我的简历 end to end (issue 13) against the demo server. The sections part: student01 fills strength,
 * education, internship, society/project, award, language and self-evaluation; meets each validation
 * message of spec 5 once, under its field; finds that another section's 添加 while one is open scrolls there
 * and says 您正在编辑「…」; deletes a row after 删除后不可恢复，确认删除吗？; and sees the update time and
 * the completeness line follow each save. Every page is checked by axe (support.ts).
 */

/** Entering the workbench may open the unread 课程通知: whenever that dialog stands in the way, it is closed. */
async function closeNoticesWhenShown(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: '课程通知' }), async (notice) => {
    await notice.getByTestId('course-notice-close').click();
    await expect(notice).toBeHidden();
  });
}

const sectionOf = (page: Page, key: string) => page.getByTestId(`resume-section-${key}`);

/** The one error shown in a section's form, and that it sits under the field labelled `label`. */
async function expectOnlyError(form: Locator, label: string, message: string) {
  const errors = form.locator('.ant-form-item-explain-error');
  await expect(errors).toHaveCount(1);
  const item = form.locator('.ant-form-item').filter({ has: form.page().getByText(label, { exact: true }) });
  await expect(item.locator('.ant-form-item-explain-error')).toHaveText(message);
  await expect(item.locator('[aria-invalid="true"]').first()).toBeVisible();
}

/** Types a month (YYYY.MM) into a month picker and confirms it. */
async function pickMonth(form: Locator, testId: string, month: string) {
  const input = form.getByTestId(testId);
  await input.click();
  await input.fill(month);
  await input.press('Enter');
  await expect(input).toHaveValue(month);
}

/** Opens an antd Select in the form, types `search` and picks the option `option`. */
async function searchAndPick(form: Locator, testId: string, search: string, option: string) {
  const page = form.page();
  const select = form.getByTestId(testId);
  await select.click();
  await select.locator('input').fill(search);
  const choice = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option });
  await expect(choice.first()).toBeVisible();
  await choice.first().click();
  await expect(select).toContainText(option);
}

/** Picks an option of a plain antd Select. */
async function pick(form: Locator, testId: string, option: string) {
  await form.getByTestId(testId).click();
  await form
    .page()
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  await expect(form.getByTestId(testId)).toContainText(option);
}

/** Saves a form and waits for 保存成功 and for the form to close. */
async function saveAndClose(form: Locator, testId: string) {
  await form.getByTestId(`${testId}-save`).click();
  await expect(form.page().getByText('保存成功').first()).toBeVisible();
  await expect(form).toBeHidden();
}

test('student01 fills the resume sections: each rule once, one section at a time, delete after confirmation', async ({
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  await closeNoticesWhenShown(page);
  await signInAt(page, '/workbench/index/resume', 'student01');
  await expect(page.getByRole('heading', { name: '我的简历', level: 1 })).toBeVisible();
  await expect(page.getByTestId('resume-update-time')).toHaveText(
    /^更新时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
  );
  await expect(page.getByTestId('resume-preview-link')).toHaveAttribute('target', '_blank');
  const completeness = page.getByTestId('resume-completeness');
  await expect(completeness).toContainText('简历完整度');
  await shoot(page, testInfo, 'resume-start');

  // 个人优势: at most 500 characters, shown line by line
  const strength = sectionOf(page, 'strength');
  await strength.getByTestId('resume-strength-add').click();
  const strengthForm = strength.getByTestId('resume-strength-form');
  await expect(strength.getByTestId('resume-strength-input')).toBeFocused();
  await strength.getByTestId('resume-strength-input').fill('优'.repeat(501));
  await strengthForm.getByTestId('resume-strength-form-save').click();
  await expectOnlyError(strengthForm, '个人优势', '个人优势不能超过500个字符');
  await strength
    .getByTestId('resume-strength-input')
    .fill('熟悉 Java、Spring Boot 与 React\n做过两个完整的课程项目，乐于协作');
  await saveAndClose(strengthForm, 'resume-strength-form');
  await expect(strength.getByTestId('resume-strength-text')).toHaveText(
    '熟悉 Java、Spring Boot 与 React\n做过两个完整的课程项目，乐于协作',
  );

  // 教育经历: the first is the member profile's (saved through PUT member_profiles, not deletable)
  const education = sectionOf(page, 'education');
  const eduRows = education.getByTestId('resume-education-row');
  await expect(education.getByTestId('resume-education-empty').or(eduRows.first())).toBeVisible();
  const eduForm = education.getByTestId('resume-education-form');
  const eduSave = eduForm.getByTestId('resume-education-form-save');
  const topSaved = page.waitForResponse(
    (r) => r.url().endsWith('/api/ourea/member_profiles') && r.request().method() === 'PUT',
  );
  if ((await eduRows.count()) > 0) {
    await eduRows.first().getByTestId('resume-education-row-edit').click();
    await expect(eduForm).toBeVisible();
  } else {
    await education.getByTestId('resume-education-add').click();
    await searchAndPick(eduForm, 'resume-education-school', '优加', '优加示范大学');
    await pick(eduForm, 'resume-education-degree', '本科');
    await searchAndPick(eduForm, 'resume-education-major', '软件', '软件工程');
    await pickMonth(eduForm, 'resume-education-start', '2023.09');
    await pickMonth(eduForm, 'resume-education-end', '2027.06');
  }
  await shoot(page, testInfo, 'resume-education-form');
  await saveAndClose(eduForm, 'resume-education-form');
  expect((await topSaved).ok()).toBe(true);
  await expect(eduRows.first()).toContainText('最高学历');
  await expect(eduRows.first().getByTestId('resume-education-row-delete')).toBeDisabled();

  // a second education is a row of its own, checked in the spec's order
  await education.getByTestId('resume-education-add').click();
  await eduSave.click();
  await expectOnlyError(eduForm, '毕业学校', '请输入毕业学校');
  await searchAndPick(eduForm, 'resume-education-school', '优加', '优加示范大学');
  await eduSave.click();
  await expectOnlyError(eduForm, '学历', '请选择学历');
  await pick(eduForm, 'resume-education-degree', '硕士');
  await eduSave.click();
  await expectOnlyError(eduForm, '所学专业', '请输入所学专业');
  await searchAndPick(eduForm, 'resume-education-major', '软件', '软件工程');
  await eduSave.click();
  await expectOnlyError(eduForm, '入学时间', '请选择在校时间');
  await pickMonth(eduForm, 'resume-education-end', '2029.06');
  await eduSave.click();
  await expectOnlyError(eduForm, '入学时间', '请选择开始时间');
  await pickMonth(eduForm, 'resume-education-start', '2029.09');
  await eduSave.click();
  await expectOnlyError(eduForm, '入学时间', '开始日期不能大于结束日期！');
  await pickMonth(eduForm, 'resume-education-start', '2027.09');
  await pick(eduForm, 'resume-education-rank', '前10%');
  const rowSaved = page.waitForResponse(
    (r) => r.url().endsWith('/api/ourea/resume_online_educations') && r.request().method() === 'POST',
  );
  await saveAndClose(eduForm, 'resume-education-form');
  expect((await rowSaved).ok()).toBe(true);
  await expect(eduRows).toHaveCount(2);
  await expect(eduRows.nth(1)).toContainText('硕士');
  await expect(eduRows.nth(1)).toContainText('成绩排名 前10%');

  // 实习/实践经历
  const internship = sectionOf(page, 'internship');
  await internship.getByTestId('resume-internship-add').click();
  const intForm = internship.getByTestId('resume-internship-form');
  const intSave = intForm.getByTestId('resume-internship-form-save');
  await intSave.click();
  await expectOnlyError(intForm, '公司名称', '请输入公司名称');
  await expect(intForm.getByTestId('resume-internship-company')).toBeFocused();

  // one section at a time: another section's 添加 goes back to this one and says so
  await sectionOf(page, 'award').getByTestId('resume-award-add').click();
  await expect(page.getByText('您正在编辑「实习/实践经历」，请先保存或取消')).toBeVisible();
  await expect(sectionOf(page, 'award').getByTestId('resume-award-form')).toHaveCount(0);
  await expect(intForm).toBeInViewport();

  await intForm.getByTestId('resume-internship-company').fill('优'.repeat(31));
  await intSave.click();
  await expectOnlyError(intForm, '公司名称', '公司名称不能超过30个字符');
  await intForm.getByTestId('resume-internship-company').fill('优加信息技术有限公司');
  await intSave.click();
  await expectOnlyError(intForm, '职位名称', '请输入职位名称');
  await intForm.getByTestId('resume-internship-position').fill('前'.repeat(16));
  await intSave.click();
  await expectOnlyError(intForm, '职位名称', '职位名称不能超过15个字符');
  await intForm.getByTestId('resume-internship-position').fill('前端开发实习生');
  await intSave.click();
  await expectOnlyError(intForm, '入职时间', '请选择在职时间');
  await pickMonth(intForm, 'resume-internship-start', '2025.07');
  await intSave.click();
  await expectOnlyError(intForm, '离职时间', '请选择结束时间');
  await pickMonth(intForm, 'resume-internship-end', '2025.09');
  await intForm.getByTestId('resume-internship-description').fill('写'.repeat(501));
  await intSave.click();
  await expectOnlyError(intForm, '工作内容', '描述不能超过500个字符');
  await intForm.getByTestId('resume-internship-description').fill('负责组件开发\n参与代码评审');
  await shoot(page, testInfo, 'resume-internship-form');
  await expectNoAxeViolations(page);
  const before = await page.getByTestId('resume-update-time').textContent();
  await saveAndClose(intForm, 'resume-internship-form');
  await expect(internship.getByTestId('resume-internship-row')).toContainText('2025.07 - 2025.09');
  await expect(internship.getByTestId('resume-internship-row')).toContainText('前端开发实习生');
  expect(before).toMatch(/^更新时间：/);

  // 社团/项目经历
  const society = sectionOf(page, 'society');
  await society.getByTestId('resume-society-add').click();
  const socForm = society.getByTestId('resume-society-form');
  const socSave = socForm.getByTestId('resume-society-form-save');
  await socSave.click();
  await expectOnlyError(socForm, '社团/项目名称', '请输入社团/项目名称');
  await socForm.getByTestId('resume-society-name').fill('项'.repeat(31));
  await socSave.click();
  await expectOnlyError(socForm, '社团/项目名称', '社团/项目名称不能超过30个字符');
  await socForm.getByTestId('resume-society-name').fill('校园二手书交易平台');
  await socForm.getByTestId('resume-society-position').fill('后端负责人');
  await socSave.click();
  await expectOnlyError(socForm, '开始时间', '请选择经历时间');
  await pickMonth(socForm, 'resume-society-start', '2024.03');
  await pickMonth(socForm, 'resume-society-end', '2024.06');
  await socForm.getByTestId('resume-society-description').fill('设计接口与数据表\n带领三人完成上线');
  await saveAndClose(socForm, 'resume-society-form');
  await expect(society.getByTestId('resume-society-row')).toContainText('校园二手书交易平台');

  // 获奖经历
  const award = sectionOf(page, 'award');
  await award.getByTestId('resume-award-add').click();
  const awardForm = award.getByTestId('resume-award-form');
  await awardForm.getByTestId('resume-award-form-save').click();
  await expectOnlyError(awardForm, '奖项名称', '请输入奖项名称');
  await awardForm.getByTestId('resume-award-name').fill('奖'.repeat(31));
  await awardForm.getByTestId('resume-award-form-save').click();
  await expectOnlyError(awardForm, '奖项名称', '奖项名称不能超过30个字符');
  await awardForm.getByTestId('resume-award-name').fill('蓝桥杯省赛一等奖');
  await awardForm.getByTestId('resume-award-form-save').click();
  await expectOnlyError(awardForm, '获奖时间', '请选择获奖时间');
  await pickMonth(awardForm, 'resume-award-time', '2025.04');
  await saveAndClose(awardForm, 'resume-award-form');
  await expect(award.getByTestId('resume-award-row')).toContainText('2025.04');

  // 语言/技能: two, then one deleted after the confirmation
  const language = sectionOf(page, 'language');
  await language.getByTestId('resume-language-add').click();
  const langForm = language.getByTestId('resume-language-form');
  await langForm.getByTestId('resume-language-form-save').click();
  await expectOnlyError(langForm, '语言/技能', '请输入语言/技能名称');
  await langForm.getByTestId('resume-language-name').fill('语'.repeat(16));
  await langForm.getByTestId('resume-language-form-save').click();
  await expectOnlyError(langForm, '语言/技能', '语言/技能名称不能超过15个字符');
  // A Chinese IME: the Enter that picks the characters belongs to the composition and must not save
  const langName = langForm.getByTestId('resume-language-name');
  await langName.fill('');
  await langName.focus();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'yingyu', selectionStart: 6, selectionEnd: 6 });
  await langName.evaluate((input) => {
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
  await cdp.send('Input.insertText', { text: '英语' });
  await cdp.detach();
  await expect(langName).toHaveValue('英语');
  await page.waitForTimeout(300);
  await expect(langForm.locator('.ant-form-item-explain-error')).toHaveCount(0);
  // a plain Enter saves: the proficiency is still missing
  await langName.press('Enter');
  await expectOnlyError(langForm, '掌握情况', '请选择掌握情况');
  await pick(langForm, 'resume-language-level', '熟练');
  await saveAndClose(langForm, 'resume-language-form');
  await language.getByTestId('resume-language-add').click();
  await langForm.getByTestId('resume-language-name').fill('日语');
  await pick(langForm, 'resume-language-level', '一般');
  await saveAndClose(langForm, 'resume-language-form');
  await expect(language.getByTestId('resume-language-row')).toHaveCount(2);
  await language
    .getByTestId('resume-language-row')
    .filter({ hasText: '日语' })
    .getByTestId('resume-language-row-delete')
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: '删除后不可恢复，确认删除吗？' });
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('confirm-ok').click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(language.getByTestId('resume-language-row')).toHaveCount(1);
  await expect(language.getByTestId('resume-language-row')).toContainText('英语');

  // 自我评价
  const evaluation = sectionOf(page, 'evaluation');
  await evaluation.getByTestId('resume-evaluation-add').click();
  const evalForm = evaluation.getByTestId('resume-evaluation-form');
  await evaluation.getByTestId('resume-evaluation-input').fill('评'.repeat(501));
  await evalForm.getByTestId('resume-evaluation-form-save').click();
  await expectOnlyError(evalForm, '自我评价', '自我评价不能超过500个字符');
  await evaluation.getByTestId('resume-evaluation-input').fill('性格开朗，学习能力强\n对新技术保持好奇');
  await saveAndClose(evalForm, 'resume-evaluation-form');

  // the completeness no longer asks for the sections filled here
  for (const part of [
    '个人优势',
    '教育经历',
    '实习/实践经历',
    '社团/项目经历',
    '获奖经历',
    '语言/技能',
    '自我评价',
  ])
    await expect(completeness).not.toContainText(part);
  await shoot(page, testInfo, 'resume-sections-filled');
  await expectNoAxeViolations(page);
});
