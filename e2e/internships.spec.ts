import { readFile } from 'node:fs/promises';
import { deflateSync } from 'node:zlib';
import type { Locator, Page, TestInfo } from '@playwright/test';
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
 * Internships end to end (issue 12) against the demo server, as people walk it: business01 opens 企业入口,
 * creates two internship groups (each with an open stage holding tasks, a stage needing a grant, and an
 * invite code read from the page); student01 joins group A by its code, enters the open stage and completes
 * a task (the progress moves), is refused group B while in A (the one-internship rule), exits A with 其他
 * and a text (after the empty text is refused), and joins B; business01 finishes B and issues student01 an
 * 实习证明 with a freshly uploaded seal; student01 finds it on 全部证书 and exports it as a PNG at scale 10.
 * Every page is checked by axe (support.ts) and photographed at 1280x800 and 1440x900.
 */

/** The spec's texts (packages/shared/src/internships, certificates). */
const TEXT = {
  joined: '加入实习成功',
  joinLimit: '每人同时只能参加1个实习计划，如需加入请先退出当前实习',
  exitOtherRequired: '请填写退出原因',
  exited: '退出成功',
  finishConfirm: '结束后学员将无法退出或继续完成任务，可为成员颁发证书。确定结束该实习计划吗？',
  finishedOk: '实习计划已结束',
  issued: '证书已颁发',
} as const;

/** student01's name in the demo data (seed/demo.ts). */
const STUDENT_NAME = '王小明';
const COMPANY = '优加信息技术有限公司';

/**
 * Entering the workbench may open the unread 课程通知: whenever that dialog stands in the way, it is closed.
 * The profile-completion dialog may stand over it: that one is put off first (稍后完善, as support.ts does).
 */
async function closeNoticesWhenShown(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: '课程通知' }), async (notice) => {
    // the profile dialog may open over the notices at any moment (handlers do not nest): try a few times
    const profile = page.getByRole('dialog', { name: PROFILE_DIALOG });
    for (let attempt = 0; attempt < 10; attempt++) {
      if (await profile.isVisible()) {
        await profile.getByRole('button', { name: '稍后完善' }).click();
        await expect(profile).toBeHidden();
      }
      if (!(await notice.isVisible())) break;
      const closed = await notice
        .getByTestId('course-notice-close')
        .click({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (closed) break;
    }
    await expect(notice).toBeHidden();
  });
}

/** A toast (antd message) with this text. */
const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text, { exact: true });

/**
 * An antd button by its text (antd spaces two-character labels: 保 存). A button that was loading may keep its
 * hidden 'loading' icon in its name for a while (seen on the stage dialog's 保存 when reopened): allowed.
 */
const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^(loading )?${[...text].join('\\s*')}$`) });

/** Today and a day some weeks on, as a date input wants them (yyyy-mm-dd), in the browser's time zone. */
const dateInput = (ms: number) => new Date(ms).toLocaleDateString('sv-SE', { timeZone: 'Asia/Shanghai' });

/** CRC-32 of a PNG chunk's type and data. */
const crc32 = (bytes: Buffer) => {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
};

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A small valid PNG: a red ring on a transparent ground (RGBA), like a seal. */
function sealPng(size = 96): Buffer {
  const rows: Buffer[] = [];
  const c = (size - 1) / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - c, y - c);
      const ink = (r > size * 0.36 && r < size * 0.47) || r < size * 0.12;
      row.set(ink ? [220, 38, 38, 255] : [0, 0, 0, 0], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * A rerun starts clean: through the product's API, student01 leaves any internship still under way (an
 * earlier, failed run may have left them in one, which the one-internship rule would hold against them).
 */
async function leaveCurrentInternships(page: Page) {
  const token = await signInByApi(page, 'student01');
  const headers = { 'X-Access-Token': token };
  try {
    const answer = await page.request.get(
      '/api/ourea/internship_groups/student?details=underway&pageNumber=1&pageSize=50',
      { headers },
    );
    expect(answer.ok(), `internship_groups/student answered HTTP ${answer.status()}`).toBe(true);
    const { data } = (await answer.json()) as { data: { rows: { id: string; status: string }[] } };
    for (const group of data.rows) {
      if (group.status === 'Finished') continue;
      const exit = await page.request.post('/api/ourea/internship_members/exit', {
        headers,
        data: { internshipGroupId: group.id, exitReason: 'Other', exitedDescription: 'E2E 重跑前清理' },
      });
      expect(exit.ok(), `internship_members/exit answered HTTP ${exit.status()}`).toBe(true);
    }
  } finally {
    await signOutByApi(page, token);
  }
}

/**
 * On 实习管理: 创建实习计划 (today for some weeks) -> its page; a stage open to all with two tasks, a stage
 * needing a grant with one, and an invite code, read from the page.
 */
async function createGroup(page: Page, testInfo: TestInfo, name: string, shotName?: string) {
  await page.getByTestId('group-create').click();
  const form = page.getByRole('dialog', { name: '创建实习计划' });
  await form.getByTestId('group-name').fill(name);
  await form.getByTestId('group-start').fill(dateInput(Date.now()));
  await form.getByTestId('group-end').fill(dateInput(Date.now() + 60 * 86_400_000));
  if (shotName) {
    await shoot(page, testInfo, `${shotName}-form`);
    await expectNoAxeViolations(page);
  }
  await button(form, '保存').click();
  await expect(toast(page, '实习计划已创建')).toBeVisible();
  await expect(page).toHaveURL(/\/u\/enterprise\/internships\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByTestId('group-status')).toHaveText('进行中');

  const stages = page.getByTestId('managed-stage');
  await page.getByTestId('stage-add').click();
  const stageForm = page.getByRole('dialog', { name: '添加阶段' });
  await stageForm.getByTestId('stage-name').fill('岗前培训');
  await stageForm.getByRole('checkbox', { name: /对所有成员开放/ }).check();
  await stageForm.getByTestId('task-add').click();
  await stageForm.getByTestId('task-add').click();
  await stageForm.getByLabel('任务 1 名称').fill('阅读新人手册');
  await stageForm.getByLabel('任务 2 名称').fill('搭建开发环境');
  if (shotName) {
    await shoot(page, testInfo, `${shotName}-stage-form`);
    await expectNoAxeViolations(page);
  }
  await button(stageForm, '保存').click();
  await expect(stageForm).toBeHidden();
  await expect(stages).toHaveCount(1);
  await expect(stages.first()).toContainText('全员开放');

  await page.getByTestId('stage-add').click();
  await stageForm.getByTestId('stage-name').fill('项目实战');
  await stageForm.getByTestId('task-add').click();
  await stageForm.getByLabel('任务 1 名称').fill('完成一个需求');
  await button(stageForm, '保存').click();
  await expect(stageForm).toBeHidden();
  await expect(stages).toHaveCount(2);
  await expect(stages.nth(1)).toContainText('需授权');

  await page.getByTestId('code-add').click();
  await expect(toast(page, '邀请码已生成')).toBeVisible();
  const code = ((await page.getByTestId('code-text').first().textContent()) ?? '').trim();
  expect(code.length).toBeGreaterThanOrEqual(6);
  if (shotName) {
    await shoot(page, testInfo, shotName);
    await expectNoAxeViolations(page);
  }
  return { code, url: page.url() };
}

/** On 我的实习: 加入实习 -> the code -> 下一步 -> the position -> 确认加入. The dialog stays open. */
async function joinByCode(page: Page, code: string, groupName: string, position: string) {
  await page.getByTestId('join-internship').click();
  const dialog = page.getByRole('dialog', { name: '加入实习' });
  await expect(dialog.getByTestId('join-limit')).toHaveText(TEXT.joinLimit);
  await dialog.getByLabel('邀请码').fill(code);
  await dialog.getByTestId('join-check').click();
  await expect(dialog.getByTestId('join-group')).toContainText(`${COMPANY} · ${groupName}`);
  await dialog.getByLabel('岗位全称').fill(position);
  return dialog;
}

test('business01 opens two internships; student01 joins, works, is held to one, exits, joins the other; a certificate follows', async ({
  browser,
  page: student,
}, testInfo) => {
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36).slice(-6);
  const groupA = `E2E 测试开发实习 A ${suffix}`;
  const groupB = `E2E 测试开发实习 B ${suffix}`;

  await leaveCurrentInternships(student);

  // ----- business01: 企业入口 -> 实习管理 -> two groups, each with stages and an invite code
  const businessContext = await browser.newContext();
  const business = await businessContext.newPage();
  await signInAt(business, '/workbench/index/company', 'business01');
  await expect(business.getByRole('heading', { name: '企业入口', level: 1 })).toBeVisible();
  await expect(business.getByTestId('company-hub-link').first()).toBeVisible();
  // the company form loads after the hub's links
  await expect(business.getByText('正在加载表单…')).toHaveCount(0);
  await shoot(business, testInfo, 'business-company');
  await expectNoAxeViolations(business);
  await business.getByRole('link', { name: /实习管理/ }).click();
  await expect(business).toHaveURL(/\/u\/enterprise\/internships$/);
  await expect(business.getByRole('heading', { name: '实习管理', level: 1 })).toBeVisible();
  await shoot(business, testInfo, 'business-groups');

  const a = await createGroup(business, testInfo, groupA, 'business-group');
  await business.getByRole('link', { name: '返回实习管理' }).first().click();
  await expect(business.getByTestId('groups-table')).toContainText(groupA);
  const b = await createGroup(business, testInfo, groupB);
  expect(b.code).not.toBe(a.code);

  // ----- student01: 我的实习 -> join A by its code
  await closeNoticesWhenShown(student);
  await signInAt(student, '/workbench/index/internship', 'student01');
  await expect(student.getByRole('heading', { name: '我的实习', level: 1 })).toBeVisible();
  await shoot(student, testInfo, 'student-internships-before');

  let join = await joinByCode(student, a.code, groupA, '测试开发实习生');
  await shoot(student, testInfo, 'student-join');
  await expectNoAxeViolations(student);
  await join.getByTestId('join-confirm').click();
  await expect(toast(student, TEXT.joined)).toBeVisible();
  await expect(join).toBeHidden();
  const cardA = student.getByTestId('internship-card').filter({ hasText: groupA });
  await expect(cardA.getByTestId('internship-status')).toHaveText('进行中');
  await expect(cardA.getByTestId('internship-position')).toHaveText('岗位：测试开发实习生');
  await expect(cardA.getByTestId('internship-action')).toHaveText('进入实习');
  await expect(cardA.getByTestId('internship-stage')).toHaveCount(2);
  await expect(cardA.getByRole('button', { name: '项目实战（未解锁）' })).toBeVisible();
  await expect(cardA.getByRole('button', { name: /^岗前培训\s*已完成 0%$/ })).toBeVisible();
  await shoot(student, testInfo, 'student-internships-joined');
  await expectNoAxeViolations(student);

  // the locked stage says why it does not open
  await cardA.getByRole('button', { name: '项目实战（未解锁）' }).click();
  await expect(student.locator('.ant-message')).toContainText('权限');

  // 进入实习 -> the open stage; 标记完成 one of its two tasks: the progress moves to 50%
  await cardA.getByTestId('internship-action').click();
  await expect(student).toHaveURL(/\/workbench\/internship\/stage\/\d+$/);
  await expect(student.getByRole('heading', { name: '岗前培训', level: 1 })).toBeVisible();
  await expect(student.getByTestId('stage-progress')).toContainText('0%');
  await expect(student.getByTestId('stage-task')).toHaveCount(2);
  await shoot(student, testInfo, 'student-stage');
  await student.getByTestId('stage-task').first().getByTestId('task-complete').click();
  await expect(student.getByTestId('stage-task').first().getByTestId('task-done')).toBeVisible();
  await expect(student.getByTestId('stage-progress')).toContainText('50%');
  await shoot(student, testInfo, 'student-stage-progress');
  await expectNoAxeViolations(student);
  await student.getByRole('link', { name: /返回我的实习/ }).click();
  await expect(student).toHaveURL(/\/workbench\/index\/internship/);
  await expect(cardA.getByRole('button', { name: /^岗前培训\s*已完成 50%$/ })).toBeVisible();

  // B while in A: refused with the one-internship rule, nothing joined
  join = await joinByCode(student, b.code, groupB, '测试开发实习生');
  await join.getByTestId('join-confirm').click();
  await expect(toast(student, TEXT.joinLimit)).toBeVisible();
  await expect(join).toBeVisible();
  await shoot(student, testInfo, 'student-join-refused');
  await button(join, '取消').click();
  await expect(join).toBeHidden();
  await expect(student.getByTestId('internship-card').filter({ hasText: groupB })).toHaveCount(0);

  // 退出实习 A: 其他 without words is refused, then with words 退出成功
  await cardA.getByTestId('internship-exit').click();
  const exit = student.getByRole('dialog', { name: '退出实习' });
  await expect(exit).toContainText(`确定退出《${groupA}》吗？`);
  await exit.getByRole('radio', { name: '其他', exact: true }).check();
  await exit.getByTestId('exit-confirm').click();
  await expect(exit.getByTestId('exit-error')).toHaveText(TEXT.exitOtherRequired);
  await expect(exit.getByRole('textbox', { name: '退出原因' })).toHaveAttribute('aria-invalid', 'true');
  await shoot(student, testInfo, 'student-exit-refused');
  await expectNoAxeViolations(student);
  await exit.getByTestId('exit-other').fill('学校安排了集中实训');
  await exit.getByTestId('exit-confirm').click();
  await expect(toast(student, TEXT.exited)).toBeVisible();
  await expect(exit).toBeHidden();
  await expect(cardA).toHaveCount(0);

  // now B admits them
  join = await joinByCode(student, b.code, groupB, '软件测试实习生');
  await join.getByTestId('join-confirm').click();
  await expect(toast(student, TEXT.joined)).toBeVisible();
  const cardB = student.getByTestId('internship-card').filter({ hasText: groupB });
  await expect(cardB.getByTestId('internship-action')).toHaveText('进入实习');
  await shoot(student, testInfo, 'student-internships-b');

  // ----- business01: A shows the exit with its words; B is finished (asked first)
  await business.goto(a.url);
  const memberA = business.getByTestId('member-row').filter({ hasText: STUDENT_NAME });
  await expect(memberA.getByTestId('member-state')).toHaveText('已退出（学校安排了集中实训）');
  await business.goto(b.url);
  const memberB = business.getByTestId('member-row').filter({ hasText: STUDENT_NAME });
  await expect(memberB.getByTestId('member-state')).toHaveText('实习中');
  await expect(memberB).toContainText('软件测试实习生');
  await business.getByTestId('group-finish').click();
  const finish = business.getByRole('dialog', { name: '结束实习' });
  await expect(finish.getByTestId('confirm-content')).toHaveText(TEXT.finishConfirm);
  await shoot(business, testInfo, 'business-finish-confirm');
  await expectNoAxeViolations(business);
  await finish.getByTestId('confirm-ok').click();
  await expect(toast(business, TEXT.finishedOk)).toBeVisible();
  await expect(business.getByTestId('group-status')).toHaveText('已结束');
  await expect(business.getByTestId('group-finish')).toHaveCount(0);
  await expect(business.getByTestId('group-finished-note')).toBeVisible();
  await shoot(business, testInfo, 'business-group-finished');
  await expectNoAxeViolations(business);

  // student01's card of B now reads 已结束 without 退出实习
  await student.reload();
  await expect(cardB.getByTestId('internship-action')).toHaveText('已结束');
  await expect(cardB.getByTestId('internship-exit')).toHaveCount(0);

  // ----- business01: 证书管理 -> 颁发证书 (实习证明) to student01 in B, with a seal uploaded now
  await business.getByTestId('group-finished-note').getByRole('link', { name: '证书管理' }).click();
  await expect(business).toHaveURL(/\/u\/enterprise\/certificates$/);
  await expect(business.getByRole('heading', { name: '证书管理', level: 1 })).toBeVisible();
  await shoot(business, testInfo, 'business-certificates');
  await business.getByTestId('cert-issue-open').click();
  const issue = business.getByRole('dialog', { name: '颁发证书' });
  await issue.getByTestId('issue-group').click();
  await business.locator('.ant-select-item-option').filter({ hasText: groupB }).click();
  await issue.getByTestId('issue-member').click();
  await business.locator('.ant-select-item-option').filter({ hasText: STUDENT_NAME }).click();
  await expect(issue.getByRole('radio', { name: '实习证明' })).toBeChecked();
  await issue.getByTestId('issue-subject').fill('软件测试');
  await issue.getByTestId('issue-comment').fill('实习期间表现优秀\n准予通过');
  // the last seal may be offered again: remove it, upload this run's own
  const offered = issue.getByRole('button', { name: /^移除 / });
  if (await offered.count()) await offered.click();
  const sealName = `e2e-seal-${suffix}.png`;
  await issue
    .getByTestId('file-upload-input')
    .setInputFiles({ name: sealName, mimeType: 'image/png', buffer: sealPng() });
  await expect(issue.getByRole('img', { name: sealName })).toBeVisible();
  await expect(issue.getByRole('button', { name: `移除 ${sealName}` })).toBeVisible();
  await shoot(business, testInfo, 'business-issue');
  await expectNoAxeViolations(business);
  await button(issue, '颁发').click();
  await expect(toast(business, TEXT.issued)).toBeVisible();
  await expect(issue).toBeHidden();
  await expect(
    business.getByTestId('cert-manage-table').locator('tr').filter({ hasText: groupB }).first(),
  ).toContainText(STUDENT_NAME);
  await businessContext.close();

  // ----- student01: 全部证书 -> the new certificate -> 导出图片 (PNG at 10 times its CSS size)
  await student.goto('/workbench/index/certificate');
  await expect(student.getByRole('heading', { name: '全部证书', level: 1 })).toBeVisible();
  const certificateCard = student.getByTestId('certificate-card').filter({ hasText: groupB });
  await expect(certificateCard).toHaveCount(1);
  await expect(certificateCard).toContainText('实习证明');
  await expect(certificateCard).toContainText(COMPANY);
  await shoot(student, testInfo, 'student-certificates');
  await certificateCard.getByTestId('certificate-open').click();
  const viewer = student.getByRole('dialog');
  const certificate = viewer.getByTestId('certificate');
  await expect(certificate).toContainText('实习证明');
  await expect(certificate).toContainText(STUDENT_NAME);
  await expect(certificate).toContainText('软件测试');
  await expect(certificate.getByTestId('certificate-comment').locator('p')).toHaveCount(2);
  const seal = certificate.getByRole('img', { name: `${COMPANY}公章` });
  await expect(seal).toBeVisible();
  await expect.poll(() => seal.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(96);
  await shoot(student, testInfo, 'student-certificate');
  await expectNoAxeViolations(student);
  await testInfo.attach('certificate', { body: await certificate.screenshot(), contentType: 'image/png' });

  const css = await certificate.evaluate((node) => ({
    width: (node as HTMLElement).offsetWidth,
    height: (node as HTMLElement).offsetHeight,
  }));
  const [download] = await Promise.all([
    student.waitForEvent('download', { timeout: 120_000 }),
    viewer.getByTestId('certificate-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`证书-${STUDENT_NAME}-实习证明.png`);
  await download.saveAs(testInfo.outputPath('exported.png'));
  const size = pngSize(await readFile(await download.path()));
  expect(Math.abs(size.width - css.width * 10)).toBeLessThanOrEqual(1);
  expect(Math.abs(size.height - css.height * 10)).toBeLessThanOrEqual(1);
});
