import type { Locator, Page } from '@playwright/test';
import { AI_E2E } from './fixtures/ai-script';
import { DEMO_PASSWORD, expect, signInAt, signInAtProvider, storedToken, test } from './support';

/*
 * Homework end to end against the demo seed and the scripted model (e2e/fixtures/ai-script.ts): teacher01
 * creates a homework in 数据结构, imports an AI-generated programming question into it (and puts one question
 * of every other type through the import call), publishes it; student01 answers every type (the draft
 * survives a reload) and submits; the teacher sees the code answer graded in the sandbox, has the AI judge
 * score the short answer on opening and applies it (引用), releases; the student sees the result.
 */

const COURSE = '数据结构';

/** Signs teacher01 in at the identity provider and comes back to `path`; returns the token. */
async function signInAsTeacher(page: Page, baseURL: string | undefined, path: string): Promise<string> {
  const back = new URL(`/authorize?redirect=${encodeURIComponent(path)}`, baseURL).href;
  await page.goto(`/idp/login?redirect=${encodeURIComponent(back)}`);
  await signInAtProvider(page, 'teacher01', DEMO_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByTestId('user-name')).toBeVisible();
  const token = await storedToken(page);
  if (!token) throw new Error('no token after sign-in');
  return token;
}

/** Picks `option` in the antd Select labelled `label` inside `scope` (retried: the dropdown slides in). */
async function choose(page: Page, scope: Locator, label: string, option: string | RegExp) {
  const dropdown = page.locator('.ant-select-dropdown:visible');
  const select = scope.locator('.ant-select', {
    has: page.getByRole('combobox', { name: label, exact: true }),
  });
  await expect(async () => {
    if ((await dropdown.count()) === 0) await scope.getByLabel(label, { exact: true }).click();
    await dropdown.getByTitle(option).first().click({ timeout: 5_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(dropdown).toHaveCount(0);
}

/** Screenshots of the page at the two sizes the pages are checked at. */
async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `test-results/homework/${name}-${width}x${height}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

const FUNCTION_STARTER = [
  'def add(a, b):',
  '    # 在这里实现',
  '    pass',
  '',
  'a, b = map(int, input().split())',
  'print(add(a, b))',
].join('\n');

test.describe('homework (scripted model, sandbox)', () => {
  test('teacher publishes, student answers every type and submits, teacher grades and releases, student sees', async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(300_000);
    const runId = Date.now().toString(36);
    const name = `E2E作业${runId}`;

    // ---- teacher01: a new homework in 数据结构
    const token = await signInAsTeacher(page, baseURL, '/u/teacherGr/group');
    const headers = { 'X-Access-Token': token };
    const mine = await (await page.request.get('/api/course/courses/mine', { headers })).json();
    const courseId: string = mine.data.find((c: { name: string }) => c.name === COURSE).id;
    await page.goto(`/u/teacherGr/course/${courseId}/homeworks`);
    await expect(page.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
    await page.getByTestId('homework-create').click();
    const form = page.getByTestId('homework-form');
    await form.getByLabel('作业名称').fill(name);
    await form.getByLabel('作业说明').fill('请独立完成，截止前可以随时保存。');
    const deadline = form.getByLabel('截止时间');
    await deadline.click();
    await deadline.fill('2030-12-31 18:00');
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(deadline).toHaveValue('2030-12-31 18:00');
    // the picker's panel fades out; axe, checking the page meanwhile, flagged its year/hour lists (CI flake)
    await expect(page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)')).toHaveCount(0);
    await page.getByTestId('homework-form-save').click();
    await expect(page.getByText('作业已创建，请添加题目后发布')).toBeVisible();
    const row = page.getByTestId('teaching-homework').filter({ hasText: name });
    await expect(row.getByTestId('homework-state')).toHaveText('草稿');
    await shoot(page, 'teacher-homeworks');

    // Its question page: AI出题 (the scripted programming question) imported into it.
    await row.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name: `作业：${name}` })).toBeVisible();
    await expect(page.getByTestId('course-empty')).toBeVisible();
    await page.getByTestId('course-ai-generate').click();
    const panel = page.getByTestId('ai-generator-panel');
    await expect(panel).toBeVisible();
    await choose(page, panel, '题目类型', '编程题');
    await choose(page, panel, '编程语言', /Python/);
    await panel.getByLabel('出题要求', { exact: true }).fill(AI_E2E.codingQuery);
    await page.getByTestId('ai-generator-start').click();
    const generated = page.getByTestId('ai-question-item');
    await expect(generated).toHaveCount(1, { timeout: 30_000 });
    await page.getByTestId('ai-import').click();
    await expect(page.getByText('导入成功！')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.getByTestId('course-question').filter({ hasText: AI_E2E.codingTitle })).toHaveCount(1);

    // One question of every other type, through the same import call.
    const homeworkId = page.url().split('/').at(-1) ?? '';
    const saved = await page.request.post(
      `/api/course/homeworkQuestions/batchSave?homeworkId=${homeworkId}`,
      {
        headers,
        data: [
          {
            qsnType: 1,
            titleText: `E2E栈的操作特点是？${runId}`,
            options: [
              { id: 'A', optionContent: '先进先出' },
              { id: 'B', optionContent: '后进先出' },
            ],
            answer: 'B',
            difficulty: 1,
          },
          {
            qsnType: 2,
            titleText: `E2E以下哪些是线性结构？${runId}`,
            options: [
              { id: 'A', optionContent: '栈' },
              { id: 'B', optionContent: '二叉树' },
              { id: 'C', optionContent: '队列' },
            ],
            answer: 'AC',
            difficulty: 1,
          },
          { qsnType: 3, titleText: `E2E队列是先进先出的线性表。${runId}`, answer: 'true', difficulty: 1 },
          {
            qsnType: 6,
            titleText: `E2E栈的两个基本操作是___和___。${runId}`,
            answer: 'push,pop',
            answerList: ['push', 'pop'],
            difficulty: 1,
          },
          {
            qsnType: 7,
            titleText: `E2E简述TCP三次握手的过程及原因${runId}`,
            answer:
              '客户端发SYN，服务器回SYN+ACK，客户端再发ACK；三次握手用于双方确认收发能力并同步初始序列号。',
            difficulty: 2,
          },
          {
            qsnType: 8,
            titleText: `E2E实现 add 函数${runId}`,
            description: '实现 add(a, b)，返回两数之和。',
            language: 'python3',
            codeModel: FUNCTION_STARTER,
            answer: FUNCTION_STARTER.replace('    # 在这里实现\n    pass', '    return a + b'),
            difficulty: 1,
            testcases: [
              { input: '1 2', output: '3', weight: 50 },
              { input: '5 7', output: '12', weight: 50 },
            ],
          },
        ],
      },
    );
    expect((await saved.json()).data.fieldList).toEqual([]);
    await page.reload();
    await expect(page.getByTestId('course-question')).toHaveCount(7);
    await expect(page.getByTestId('question-tools')).toHaveCount(7);
    await shoot(page, 'teacher-questions');

    // Publish from the homework list, after the confirmation.
    await page.getByTestId('homework-list-link').click();
    await row.getByTestId('homework-publish').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText('发布后课程的学生即可作答');
    await page.getByTestId('confirm-ok').click();
    await expect(row.getByTestId('homework-state')).toHaveText('已发布');
    await expect(row).toContainText('7题/70分');

    // ---- student01 answers every type
    const studentContext = await browser.newContext({
      baseURL,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const sp = await studentContext.newPage();
    await signInAt(sp, `/u/course/${courseId}`, 'student01');
    await expect(sp.getByRole('heading', { name: COURSE, level: 1 })).toBeVisible();
    await expect(sp.getByTestId('course-header')).toContainText('理论');
    const studyRow = sp.getByTestId('study-homework').filter({ hasText: name });
    await expect(studyRow.getByTestId('study-status')).toHaveText('未开始');
    await shoot(sp, 'student-course');
    await studyRow.getByRole('link', { name }).click();
    await expect(sp.getByRole('heading', { name, level: 1 })).toBeVisible();
    const q = (title: string) => sp.getByTestId('paper-question').filter({ hasText: title });
    await q('E2E栈的操作特点是？').getByLabel('B. 后进先出').check();
    await q('E2E以下哪些是线性结构？').getByLabel('A. 栈').check();
    await q('E2E以下哪些是线性结构？').getByLabel('C. 队列').check();
    await q('E2E队列是先进先出的线性表。').getByLabel('正确').check();
    await q('E2E栈的两个基本操作是').getByLabel('第1空').fill('push');
    await q('E2E栈的两个基本操作是').getByLabel('第2空').fill('pop');
    await q('E2E简述TCP三次握手').getByTestId('answer-text').fill(AI_E2E.judgeStudentAnswer);
    await q(AI_E2E.codingTitle)
      .getByTestId('answer-code')
      .fill('a, b = map(int, input().split())\nprint(a + b)');
    const fn = q('E2E实现 add 函数').getByTestId('answer-code');
    await expect(fn).toHaveValue(FUNCTION_STARTER);
    await fn.fill(FUNCTION_STARTER.replace('    # 在这里实现\n    pass', '    return a + b'));
    await expect(sp.getByTestId('draft-state')).toContainText('已保存', { timeout: 15_000 });
    await expect(sp.getByTestId('question-nav')).toContainText('已答 7/7');

    // Saved as a draft: a reload shows every answer again.
    await sp.reload();
    await expect(q('E2E简述TCP三次握手').getByTestId('answer-text')).toHaveValue(AI_E2E.judgeStudentAnswer);
    await expect(q('E2E以下哪些是线性结构？').getByLabel('C. 队列')).toBeChecked();
    await expect(sp.getByTestId('paper-status')).toHaveText('进行中');
    await shoot(sp, 'student-paper');

    await sp.getByTestId('paper-submit').click();
    await expect(sp.getByText('所有题目均已作答。')).toBeVisible();
    await sp.getByTestId('paper-submit-confirm').click();
    await expect(sp.getByTestId('paper-notice')).toContainText('不能再修改');
    await expect(sp.getByTestId('paper-status')).toHaveText('已提交');
    await expect(sp.getByTestId('paper-submit')).toHaveCount(0);

    // ---- teacher01 reviews: the code answers graded in the sandbox, the short answer AI-judged and applied
    await page.goto(`/u/teacherGr/course/${courseId}/homework/${homeworkId}/submissions`);
    await expect(page.getByRole('heading', { name: `${name}：提交情况` })).toBeVisible();
    const studentRow = page.getByTestId('submission-row').filter({ hasText: 'student01' });
    await expect(studentRow).toContainText('已提交');
    await expect(page.getByTestId('homework-pending')).not.toHaveText('0');

    // 智能批改: the AI judge scores the waiting short answer in the background; the progress is read back
    // from the server, so a reload shows where the run stands.
    await page.getByTestId('judge-run-start').click();
    await expect(page.getByText('已开始AI判题，共1份简答题答案')).toBeVisible();
    const progress = page.getByTestId('judge-run-progress');
    await expect(progress).toContainText(/完成：已批改1\/1/, { timeout: 60_000 });
    await page.reload();
    await expect(page.getByTestId('judge-run-progress')).toContainText(/完成：已批改1\/1/);
    await shoot(page, 'teacher-submissions');
    await studentRow.getByTestId('submission-open').click();
    const answer = (title: string) => page.getByTestId('reviewed-answer').filter({ hasText: title });
    await expect(async () => {
      await page.reload();
      await expect(answer(AI_E2E.codingTitle).getByTestId('code-cases')).toContainText('通过 3/3', {
        timeout: 3_000,
      });
    }).toPass({ timeout: 90_000 });
    await expect(answer(AI_E2E.codingTitle)).toContainText('程序评测');
    await expect(answer(AI_E2E.codingTitle).getByTestId('reviewed-score')).toHaveText('10/10分');
    await expect(answer('E2E实现 add 函数').getByTestId('code-cases')).toContainText('通过 2/2');
    await expect(answer('E2E栈的操作特点是？')).toContainText('自动批改');
    const short = answer('E2E简述TCP三次握手');
    // Judged by the run: the AI's score, comment and basis stand; the teacher may judge again on opening.
    await expect(short.getByTestId('reviewed-score')).toHaveText(`${AI_E2E.judgeScore}/10分`);
    await expect(short).toContainText(AI_E2E.judgeComment);
    await short.getByTestId('review-ai-judge').click();
    const judge = page.getByTestId('ai-judge-panel');
    await expect(judge).toBeVisible();
    await expect(judge).toContainText(AI_E2E.judgeComment, { timeout: 30_000 });
    await page.getByRole('button', { name: /引\s*用/ }).click();
    await expect(judge).toBeHidden();
    await expect(short.getByTestId('reviewed-score')).toHaveText(`${AI_E2E.judgeScore}/10分`);
    await expect(short).toContainText('AI判题');
    await expect(short.getByTestId('reviewed-basis')).toContainText('为什么需要三次握手');
    await shoot(page, 'teacher-review');

    // Release, after the confirmation.
    await page.getByTestId('submission-back').click();
    await page.getByTestId('homework-release').click();
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('homework-state')).toHaveText('已公布成绩');

    // ---- student01 sees the result
    await sp.reload();
    await expect(sp.getByTestId('paper-status')).toHaveText('已批改');
    await expect(sp.getByTestId('paper-score')).toContainText('/70');
    const result = q('E2E简述TCP三次握手').getByTestId('answer-result');
    await expect(result).toContainText(`${AI_E2E.judgeScore}/10`);
    await expect(result).toContainText(AI_E2E.judgeComment);
    await expect(result).toContainText('评判依据');
    await expect(q(AI_E2E.codingTitle).getByTestId('code-cases')).toContainText('通过 3/3');
    await shoot(sp, 'student-result');
    await sp.goto(`/u/course/${courseId}`);
    await expect(
      sp.getByTestId('study-homework').filter({ hasText: name }).getByTestId('study-status'),
    ).toHaveText('已批改');
    await studentContext.close();
  });
});
