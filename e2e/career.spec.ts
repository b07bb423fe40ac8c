import { fileURLToPath } from 'node:url';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAt, signInByApi, signOutByApi, test } from './support';

/*
 * Career end to end (issue 14, "Done when") against the demo server, as people walk it:
 * 1. business01 (企业入口) posts a job on 职位管理 and puts it online, makes an internship group with an intern
 *    position and publishes it as a programme (发布为实习项目), and publishes a career talk (宣讲会管理).
 * 2. student01 favourites the job (收藏成功), 投递简历 is stopped by the completeness gate (去完善 opens 我的简历
 *    in a new tab), uploads an attached resume there (the profile is complete: member-profile.spec.ts ran
 *    before, see playwright.config.ts) and delivers it (投递成功).
 * 3. business01 opens the delivery on 投递管理 and its resume (student01 sees it under 被查看), sends an
 *    interview invitation, then an offer with a PDF.
 * 4. student01 accepts the interview, opens offer详情, previews the PDF, accepts the offer.
 * 5. student01 joins the demo internship (UPLUS2026), applies to the programme; business01 offers; accepting
 *    says to quit the current internship first (我知道了 only).
 * 6. student01 reserves the talk; 我的预约 and 我的收藏 list the talk and the job. At the end student01 deletes
 *    the attachment again (resume.spec.ts, which runs next, starts from 暂无附件简历).
 * Every page is checked by axe (support.ts); the job detail and the feedback center at 1280x800 have no
 * horizontal overflow.
 */

/** The spec's texts (packages/shared JOBS_MSG, EMPLOYER_MSG, APPLICATIONS_MSG, RESERVATIONS_MSG). */
const TEXT = {
  saved: '保存成功',
  onlineConfirm: '上线后求职者即可查看并投递该职位，确定上线吗？',
  onlined: '职位已上线',
  programOnlineConfirm: '发布后学生可在实习项目中查看并申请，确定发布为实习项目吗？',
  programOnline: '已发布为实习项目',
  favourited: '收藏成功',
  lowCompleteness: '当前简历完善度较低，请完善后再投递',
  delivered: '投递成功',
  sent: '邀请已发送',
  accepted: '已接受邀请',
  acceptOfferConfirm: '确定接受入职邀请吗？',
  quitCurrentFirst: '每人同时只能参加1个实习计划，请先在学生工作台退出当前实习计划',
  reserved: '预约成功',
  joined: '加入实习成功',
} as const;

const STUDENT = 'student01';
const STUDENT_NAME = '王小明';
/** The demo's underway internship of business01 (apps/server/src/seed/demo-internships.ts). */
const DEMO_INVITE_CODE = 'UPLUS2026';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

/**
 * The newest toast (antd message) with this text: the one of an earlier step may still be fading out (two
 * invitations are sent, two are accepted, one after the other).
 */
const toast = (page: Page, text: string) =>
  page.locator('.ant-message').getByText(text, { exact: true }).last();

/** An antd button by its text (antd spaces two-character labels: 保 存). */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^(loading )?${[...text].join('\\s*')}$`) });

/** A local date-time as the inputs want it, days from now at a given hour (Asia/Shanghai, as the browser). */
const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  const date = d.toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });
  return { date, time: `${String(hour).padStart(2, '0')}:00` };
};

/**
 * Entering the workbench may open the unread 课程通知 (student01 has some, and other specs add more): the
 * student's pages are shown none (as member-profile.spec.ts does), so no dialog stands in the way in any tab.
 */
async function withoutCourseNotices(context: BrowserContext) {
  await context.route('**/notices/smallBell?*', async (route) => {
    // a tab closed while its request is under way leaves the route unbound: nothing to answer then
    try {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data?: { rows?: unknown[]; total?: number } };
      if (body.data) body.data = { ...body.data, rows: [], total: 0 };
      await route.fulfill({ response: answer, json: body });
    } catch {
      await route.abort().catch(() => {});
    }
  });
}

/** Opens an antd Select (by its label, inside `scope`), types `search` and picks the option `option`. */
async function searchAndPick(scope: Locator, label: string, search: string, option: string) {
  const page = scope.page();
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  await select.fill(search);
  const choice = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) });
  await choice.first().click();
}

/** Fills the position form (职位 and 实习岗位 alike) and saves it. */
async function fillOccupation(dialog: Locator, name: string) {
  const page = dialog.page();
  await dialog.getByTestId('occupation-name').fill(name);
  await dialog.getByLabel('最低月薪').fill('8');
  await dialog.getByLabel('最高月薪').fill('15');
  // the city list opens once a province is chosen; a pick made while the provinces were still loading is
  // made again
  const city = dialog.getByLabel('工作城市', { exact: true });
  for (let attempt = 0; attempt < 3 && !(await city.isEnabled()); attempt++) {
    await searchAndPick(dialog, '省份', '浙江', '浙江省');
    await expect(city)
      .toBeEnabled({ timeout: 5_000 })
      .catch(() => page.keyboard.press('Escape'));
  }
  await searchAndPick(dialog, '工作城市', '杭州', '杭州市');
  await dialog.getByLabel('技能标签（逗号分隔）').fill('React，TypeScript');
  await dialog.getByLabel('职位描述').fill('负责校园招聘平台的前端开发。\n熟悉 React 者优先。');
  await dialog.getByLabel('工作地址').fill('浙江省杭州市西湖区文三路 90 号');
  await button(dialog, '保存').click();
  await expect(toast(dialog.page(), TEXT.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Answers an antd Modal.confirm (title and content) with 确定. */
async function confirmWith(page: Page, title: string, content: string) {
  const confirm = page.getByRole('dialog').filter({ hasText: content });
  await expect(confirm).toContainText(title);
  await button(confirm, '确定').click();
  await expect(confirm).toBeHidden();
}

/** A control by its label, which may start with a required mark (* 联系人). */
const field = (scope: Locator, label: string) => scope.getByLabel(new RegExp(`^(\\*\\s*)?${label}$`));

/** An antd DatePicker with time (labelled `label` in `scope`): typed, then confirmed with Enter. */
async function pickDateTime(scope: Locator, label: string, value: { date: string; time: string }) {
  const input = field(scope, label);
  await input.click();
  await input.fill(`${value.date} ${value.time}`);
  await input.press('Enter');
  await expect(input).toHaveValue(`${value.date} ${value.time}`);
}

/** The page has no horizontal scrolling at 1280x800. */
async function expectNoHorizontalOverflow(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

/**
 * A rerun starts clean (a retry on the same server): through the product's API student01 deletes any attached
 * resume and leaves any internship under way that an earlier, failed run left behind.
 */
async function cleanUpStudent(page: Page) {
  const token = await signInByApi(page, STUDENT);
  const headers = { 'X-Access-Token': token };
  try {
    const list = await page.request.get('/api/ourea/resume_attached', { headers });
    expect(list.ok(), `resume_attached answered HTTP ${list.status()}`).toBe(true);
    const data = ((await list.json()) as { data: { id: string }[] | { rows: { id: string }[] } }).data;
    for (const row of Array.isArray(data) ? data : data.rows) {
      const removed = await page.request.delete(`/api/ourea/resume_attached/${row.id}`, { headers });
      expect(removed.ok()).toBe(true);
    }
    const groups = await page.request.get(
      '/api/ourea/internship_groups/student?details=underway&pageNumber=1&pageSize=50',
      { headers },
    );
    expect(groups.ok()).toBe(true);
    const { data: underway } = (await groups.json()) as { data: { rows: { id: string; status: string }[] } };
    for (const group of underway.rows) {
      if (group.status === 'Finished') continue;
      const exit = await page.request.post('/api/ourea/internship_members/exit', {
        headers,
        data: { internshipGroupId: group.id, exitReason: 'Other', exitedDescription: 'E2E 重跑前清理' },
      });
      expect(exit.ok()).toBe(true);
    }
  } finally {
    await signOutByApi(page, token);
  }
}

/** Uploads an attached resume on 我的简历 through 上传附件 and its progress dialog (完成 closes it). */
async function uploadAttachment(page: Page, file: string) {
  const card = page.getByTestId('attached-resumes-card');
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: '上传附件', exact: true }).click();
  await (await chooser).setFiles(fixture(file));
  const dialog = page.getByRole('dialog', { name: '上传附件简历' });
  await expect(dialog.getByRole('status')).toHaveText('上传成功');
  await button(dialog, '完成').click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('attached-item').filter({ hasText: file })).toHaveCount(1);
}

/** 确定投递 in the chooser: POST delivery_records answers, 投递成功 shows, the chooser closes. */
async function deliverWith(chooser: Locator) {
  const page = chooser.page();
  const delivered = page.waitForResponse(
    (r) => r.url().endsWith('/api/ourea/delivery_records') && r.request().method() === 'POST',
  );
  await expect(chooser.getByTestId('gate-deliver')).toBeEnabled();
  await chooser.getByTestId('gate-deliver').click();
  const answer = await delivered;
  expect(answer.ok(), `delivery_records answered HTTP ${answer.status()}: ${await answer.text()}`).toBe(true);
  await expect(toast(page, TEXT.delivered)).toBeVisible();
}

/** On 投递管理 (already open): the tab, then the delivery of student01 to `target` -> its drawer. */
async function openDelivery(page: Page, tab: '职位' | '实习项目', target: string) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  const row = page.locator('.ant-table-row').filter({ hasText: target }).filter({ hasText: STUDENT_NAME });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: '查看详情' }).click();
  const drawer = page.getByRole('dialog', { name: '投递详情' });
  await expect(drawer.getByTestId('delivery-detail')).toContainText(target);
  return drawer;
}

/** In the delivery drawer: 发送{kind}邀请 -> the form -> 发送 -> 邀请已发送. */
async function sendInvitation(
  drawer: Locator,
  kind: '面试' | '入职',
  fill: (dialog: Locator) => Promise<void>,
) {
  const page = drawer.page();
  await drawer.getByRole('button', { name: `发送${kind}邀请` }).click();
  const dialog = page.getByRole('dialog', { name: `发送${kind}邀请` });
  await pickDateTime(dialog, `${kind}时间`, at(7, 10));
  await field(dialog, '联系人').fill('张伟');
  await field(dialog, '联系电话').fill('13900139000');
  await field(dialog, '地点').fill('杭州市西湖区文三路 90 号 3 楼');
  await fill(dialog);
  await expectNoAxeViolations(page);
  const sent = page.waitForResponse(
    (r) => /\/company\/delivery_records\/\d+\/feedbacks$/.test(r.url()) && r.request().method() === 'POST',
  );
  await button(dialog, '发送').click();
  const answer = await sent;
  expect(answer.ok(), `feedbacks answered HTTP ${answer.status()}: ${await answer.text()}`).toBe(true);
  await expect(toast(page, TEXT.sent)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** 投递反馈 at a tab, and the card of `name` opened. */
async function openFeedback(
  page: Page,
  upType: 'occupation' | 'internProgram',
  downType: string,
  name: string,
) {
  await page.goto(`/workbench/index/feedback?upType=${upType}&downType=${downType}`);
  const card = page.getByTestId('feedback-card').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await card.click();
  const detail = page.getByRole('article', { name: '详情' });
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(name);
  return detail;
}

// a step that cannot happen fails in seconds, not at the end of the test's time
test.use({ actionTimeout: 15_000 });

test('business01 posts a job, a programme and a talk; student01 favourites, is gated, delivers, gets an interview and an offer; one internship at a time; reservations and favourites', async ({
  browser,
  page: student,
  context: studentContext,
}) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36).slice(-6);
  const jobName = `E2E 前端开发工程师 ${suffix}`;
  const groupName = `E2E 暑期实习项目 ${suffix}`;
  const internPosition = `E2E 测试开发实习生 ${suffix}`;
  const talkSubject = `E2E 校园宣讲会 ${suffix}`;

  await cleanUpStudent(student);

  // ----- business01: 企业入口 -> 职位管理: a job, saved, then online after confirming
  const businessContext = await browser.newContext();
  const business = await businessContext.newPage();
  await signInAt(business, '/workbench/index/company', 'business01');
  await expect(business.getByRole('heading', { name: '企业入口', level: 1 })).toBeVisible();
  await business.getByRole('link', { name: /职位管理/ }).click();
  await expect(business).toHaveURL(/\/u\/enterprise\/jobs$/);
  await expect(business.getByRole('heading', { name: '职位管理', level: 1 })).toBeVisible();
  await business.getByTestId('job-create').click();
  const jobForm = business.getByRole('dialog', { name: '发布职位' });
  await expect(jobForm.getByTestId('occupation-name')).toBeVisible();
  await expectNoAxeViolations(business);
  await fillOccupation(jobForm, jobName);
  const jobRow = business.getByTestId('job-row').filter({ hasText: jobName });
  await expect(jobRow).toContainText('未上线');
  await jobRow.getByTestId('job-toggle').click();
  await confirmWith(business, '上线职位', TEXT.onlineConfirm);
  await expect(toast(business, TEXT.onlined)).toBeVisible();
  await expect(jobRow).toContainText('已上线');
  const jobHref = await jobRow.getByRole('link', { name: '查看职位' }).getAttribute('href');
  const jobId = /[?&]id=(\d+)/.exec(jobHref ?? '')?.[1];
  expect(jobId, `the job's address (${jobHref})`).toBeTruthy();
  await expectNoAxeViolations(business);

  // ----- business01: 实习管理 -> a group -> 添加实习岗位 -> 发布为实习项目
  await business.goto('/workbench/index/company');
  await business.getByRole('link', { name: /实习管理/ }).click();
  await expect(business).toHaveURL(/\/u\/enterprise\/internships$/);
  await business.getByTestId('group-create').click();
  const groupForm = business.getByRole('dialog', { name: '创建实习计划' });
  await groupForm.getByTestId('group-name').fill(groupName);
  await groupForm.getByTestId('group-start').fill(at(0, 0).date);
  await groupForm.getByTestId('group-end').fill(at(90, 0).date);
  await button(groupForm, '保存').click();
  await expect(toast(business, '实习计划已创建')).toBeVisible();
  await expect(business).toHaveURL(/\/u\/enterprise\/internships\/\d+$/);
  const groupId = /\/internships\/(\d+)$/.exec(business.url())?.[1];
  const program = business.getByTestId('program-section');
  await expect(program).toContainText('未发布');
  await program.getByTestId('intern-occupation-add').click();
  const internForm = business.getByRole('dialog', { name: '添加实习岗位' });
  await expect(internForm.getByTestId('occupation-name')).toBeVisible();
  await fillOccupation(internForm, internPosition);
  await expect(program.getByTestId('intern-occupation-row')).toContainText(internPosition);
  await program.getByTestId('program-online').click();
  await confirmWith(business, '发布为实习项目', TEXT.programOnlineConfirm);
  await expect(toast(business, TEXT.programOnline)).toBeVisible();
  await expect(program).toContainText('招聘中');
  await expectNoAxeViolations(business);

  // ----- business01: 宣讲会管理 -> 发布宣讲会 (online, in three days)
  await business.goto('/workbench/index/company');
  await business.getByRole('link', { name: /宣讲会管理/ }).click();
  await expect(business).toHaveURL(/\/u\/enterprise\/talks$/);
  await business.getByTestId('talk-create').click();
  const talkForm = business.getByRole('dialog', { name: '发布宣讲会' });
  await talkForm.getByTestId('event-subject').fill(talkSubject);
  const start = at(3, 14);
  const end = at(3, 16);
  await talkForm.getByTestId('event-start').fill(`${start.date}T${start.time}`);
  await talkForm.getByTestId('event-end').fill(`${end.date}T${end.time}`);
  await talkForm.getByLabel('介绍').fill('公司介绍、校招岗位与答疑。');
  await expectNoAxeViolations(business);
  const talkCreated = business.waitForResponse(
    (r) => r.url().endsWith('/api/ourea/company/career_talks') && r.request().method() === 'POST',
  );
  await talkForm.getByTestId('event-save').click();
  const talkAnswer = await talkCreated;
  expect(talkAnswer.ok()).toBe(true);
  const talkId = ((await talkAnswer.json()) as { data: { id: string } }).data.id;
  await expect(talkForm).toBeHidden();
  await expect(business.locator('.ant-table-row').filter({ hasText: talkSubject })).toHaveCount(1);

  // ----- student01: the job -> 收藏 -> 投递简历 stopped by the gate -> 去完善 (a new tab)
  await withoutCourseNotices(studentContext);
  await signInAt(student, '/workbench/index/resume', STUDENT);
  await expect(student.getByTestId('attached-resumes-card').getByText('暂无附件简历')).toBeVisible();
  await student.goto(`/jobdetails?id=${jobId}`);
  await expect(student.getByTestId('job-name')).toHaveText(jobName);
  await expect(student.getByTestId('job-address')).toBeVisible();
  await expect(student.getByTestId('location-map')).toBeVisible();
  await student.getByTestId('job-favourite').click();
  await expect(toast(student, TEXT.favourited)).toBeVisible();
  await expect(student.getByTestId('job-cancel-favourite')).toBeVisible();
  await expectNoHorizontalOverflow(student);
  await expectNoAxeViolations(student);

  await student.getByTestId('job-deliver').click();
  const gate = student.getByRole('dialog', { name: '提示' });
  await expect(gate.getByTestId('gate-low-completeness')).toHaveText(TEXT.lowCompleteness);
  await expectNoAxeViolations(student);
  const [resumeTab] = await Promise.all([
    studentContext.waitForEvent('page'),
    gate.getByTestId('gate-improve').click(),
  ]);
  await expect(gate).toBeHidden();
  await expect(resumeTab).toHaveURL(/\/workbench\/index\/resume$/);
  await uploadAttachment(resumeTab, 'resume-wang.pdf');
  await resumeTab.close();

  // back on the job: 投递简历 -> the chooser (the attachment) -> 投递成功
  await student.bringToFront();
  await student.getByTestId('job-deliver').click();
  const chooser = student.getByRole('dialog', { name: '选择投递的简历' });
  await chooser.getByRole('radio', { name: /resume-wang\.pdf/ }).check();
  await expectNoAxeViolations(student);
  await deliverWith(chooser);
  await expect(chooser).toBeHidden();
  await expect(student.getByTestId('job-cancel-delivery')).toBeVisible();

  // ----- business01: 职位管理 -> 投递管理 of the job -> the delivery -> its resume (被查看)
  await business.goto('/u/enterprise/jobs');
  await business
    .getByTestId('job-row')
    .filter({ hasText: jobName })
    .getByRole('link', { name: '投递管理' })
    .click();
  await expect(business).toHaveURL(new RegExp(`/u/enterprise/applications\\?occupationId=${jobId}$`));
  await expect(business.getByRole('heading', { name: '投递管理', level: 1 })).toBeVisible();
  let drawer = await openDelivery(business, '职位', jobName);
  await drawer.getByRole('button', { name: /^查看/ }).click();
  // the attachment is named after its file (without the extension), shown inline as a PDF
  await expect(drawer.getByTestId('attached-resume')).toContainText('resume-wang');
  await expect(drawer.getByTitle('附件简历 resume-wang')).toBeVisible();
  await expectNoAxeViolations(business);

  // student01: 被查看 lists it, with both steps
  let detail = await openFeedback(student, 'occupation', 'Viewed', jobName);
  await expect(detail.getByRole('region', { name: '被查看' })).toContainText('企业已查看了您的简历');
  await expectNoAxeViolations(student);

  // business01: an interview, then an offer with a PDF
  await sendInvitation(drawer, '面试', async () => undefined);
  await sendInvitation(drawer, '入职', async (dialog) => {
    await field(dialog, 'offer说明').fill('月薪 15k，五险一金，入职前请准备好体检报告。');
    await dialog.locator('input[type="file"]').setInputFiles(fixture('resume-wang.pdf'));
    await expect(dialog.getByRole('button', { name: '移除 resume-wang.pdf' })).toBeVisible();
  });
  await expect(drawer.getByTestId('feedback-item')).toHaveCount(2);
  await business.keyboard.press('Escape');

  // ----- student01: 面试 -> 接受 (已接受邀请)
  detail = await openFeedback(student, 'occupation', 'Interview', jobName);
  const invitation = detail.getByRole('region', { name: '邀请详情' });
  await expect(invitation).toContainText('面试邀请');
  await expect(invitation).toContainText('张伟');
  await expect(invitation).toContainText('13900139000');
  await button(invitation, '接受').click();
  await expect(toast(student, TEXT.accepted)).toBeVisible();
  await expect(invitation).toContainText('已接受');
  await expectNoAxeViolations(student);

  // 录用 -> 查看offer详情 -> 预览 the PDF -> 接受 after 确定接受入职邀请吗？
  detail = await openFeedback(student, 'occupation', 'Offer', jobName);
  const offer = detail.getByRole('region', { name: '邀请详情' });
  await expect(offer).toContainText('入职邀请');
  await offer.getByRole('button', { name: '查看offer详情' }).click();
  const offerDialog = student.getByRole('dialog', { name: 'offer详情' });
  await expect(offerDialog).toContainText('月薪 15k，五险一金');
  await offerDialog.getByRole('button', { name: '预览' }).click();
  const preview = student.getByRole('dialog', { name: 'resume-wang.pdf' });
  const frame = preview.getByTitle('resume-wang.pdf');
  await expect(frame).toBeVisible();
  const pdfUrl = await frame.getAttribute('src');
  expect(pdfUrl).toBeTruthy();
  const pdf = await student.request.get(new URL(pdfUrl ?? '', student.url()).toString());
  expect(pdf.ok()).toBe(true);
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expectNoAxeViolations(student);
  // Esc closes the preview, then offer详情
  await student.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect(offerDialog).toBeVisible();
  await student.keyboard.press('Escape');
  await expect(offerDialog).toBeHidden();
  await button(offer, '接受').click();
  await confirmWith(student, TEXT.acceptOfferConfirm, TEXT.acceptOfferConfirm);
  await expect(toast(student, TEXT.accepted)).toBeVisible();
  await expect(offer).toContainText('已接受');
  await expect(detail.getByTestId('feedback-timeline')).toContainText('被查看');
  await expectNoHorizontalOverflow(student);
  await expectNoAxeViolations(student);

  // ----- an internship offer while in another internship: refused with the quit-first text
  // student01 joins the demo internship by its code (我的实习 -> 加入实习)
  await student.goto('/workbench/index/internship');
  await student.getByTestId('join-internship').click();
  const join = student.getByRole('dialog', { name: '加入实习' });
  await join.getByLabel('邀请码').fill(DEMO_INVITE_CODE);
  await join.getByTestId('join-check').click();
  await join.getByLabel('岗位全称').fill('软件研发实习生');
  await join.getByTestId('join-confirm').click();
  await expect(toast(student, TEXT.joined)).toBeVisible();

  // then applies to business01's programme with the attachment
  await student.goto(`/internprogram/details?id=${groupId}`);
  await expect(student.getByRole('heading', { name: groupName, level: 1 })).toBeVisible();
  await student.getByRole('checkbox', { name: `选择岗位 ${internPosition}` }).check();
  await student.getByTestId('program-apply').click();
  const programChooser = student.getByRole('dialog', { name: '选择投递的简历' });
  await programChooser.getByRole('radio', { name: /resume-wang\.pdf/ }).check();
  await deliverWith(programChooser);
  await expect(student.getByTestId('program-cancel')).toBeVisible();
  await expectNoAxeViolations(student);

  // business01: 投递管理 -> 实习项目 -> 发送入职邀请 for the position
  await business.goto('/u/enterprise/applications');
  drawer = await openDelivery(business, '实习项目', groupName);
  await sendInvitation(drawer, '入职', async (dialog) => {
    await field(dialog, '录用岗位').click();
    await business
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: internPosition })
      .click();
    await business.keyboard.press('Escape');
  });
  await businessContext.close();

  // student01: 实习项目 -> 录用 -> 接受: only 我知道了, and the offer stays to be answered
  detail = await openFeedback(student, 'internProgram', 'Offer', groupName);
  const internOffer = detail.getByRole('region', { name: '邀请详情' });
  await button(internOffer, '接受').click();
  const refused = student.getByRole('dialog').filter({ hasText: TEXT.quitCurrentFirst });
  await expect(refused).toBeVisible();
  await expect(refused.getByRole('button')).toHaveCount(1);
  await expect(refused.getByRole('button')).toHaveText(/我知道了/);
  await expectNoAxeViolations(student);
  await refused.getByRole('button', { name: /我知道了/ }).click();
  await expect(refused).toBeHidden();
  await expect(button(internOffer, '接受')).toBeVisible();

  // ----- the talk: 预约 on its page, then 我的预约 (宣讲会) and 我的收藏 (职位) list what was done
  await student.goto(`/careertalk/details?id=${talkId}`);
  await expect(student.getByRole('heading', { name: talkSubject, level: 1 })).toBeVisible();
  await student.getByTestId('reservation-reserve').click();
  await expect(toast(student, TEXT.reserved)).toBeVisible();
  await expect(student.getByTestId('reservation-cancel')).toBeVisible();
  await expectNoAxeViolations(student);

  await student.goto('/workbench/index/reservation');
  await expect(student.getByTestId('reservation-tab-CareerTalk')).toHaveAttribute('aria-current', 'page');
  await expect(student.getByTestId('talk-card').filter({ hasText: talkSubject })).toHaveCount(1);
  await expectNoAxeViolations(student);

  await student.goto('/workbench/index/favorite');
  await expect(student.getByTestId('favourite-job').filter({ hasText: jobName })).toHaveCount(1);
  await expectNoAxeViolations(student);

  // ----- leave student01 as the next specs expect: no attachment (resume.spec.ts starts from none; deleting
  // one on the page is its test) and in no internship (internships.spec.ts joins UPLUS2026 itself)
  await cleanUpStudent(student);
  await student.goto('/workbench/index/resume');
  await expect(student.getByTestId('attached-resumes-card').getByText('暂无附件简历')).toBeVisible();
});
