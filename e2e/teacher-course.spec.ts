import type { Page } from '@playwright/test';
import { AI_E2E } from './fixtures/ai-script';
import { DEMO_PASSWORD, expect, signInAtProvider, storedToken, test } from './support';

/*
 * The teacher's course pages against the scripted model (e2e/fixtures/ai-script.ts): teacher01's seeded
 * course 数据结构 and its homework; a short-answer question is put into the homework through the API, then
 * judged from the homework page with the keyboard, applied (引用: stored against the answer), shown again
 * after a reload, and edited.
 */

const HOMEWORK = '第一次作业：栈与队列';

/** Signs teacher01 in at the identity provider and comes back to `path`. */
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

test.describe('teacher course pages (scripted model)', () => {
  test('我的课程 -> homework; AI判题 of a student answer by keyboard; 引用 saves; kept after a reload; editable', async ({
    page,
    baseURL,
  }) => {
    const token = await signInAsTeacher(page, baseURL, '/u/teacherGr/group');
    await expect(page.getByRole('heading', { name: '我的课程', level: 1 })).toBeVisible();

    // A short-answer question in the seeded homework (unique per run: the server may have served others).
    const headers = { 'X-Access-Token': token };
    const courses = await (await page.request.get('/api/course/courses/mine', { headers })).json();
    const homework = courses.data
      .flatMap((c: { id: string; homeworks: { id: string; name: string }[] }) =>
        c.homeworks.map((h) => ({ ...h, courseId: c.id })),
      )
      .find((h: { name: string }) => h.name === HOMEWORK);
    expect(homework).toBeTruthy();
    const title = `E2E简述TCP三次握手的过程及原因 ${Date.now().toString(36)}`;
    const saved = await page.request.post(
      `/api/course/homeworkQuestions/batchSave?homeworkId=${homework.id}`,
      {
        headers,
        data: [
          {
            qsnType: 7,
            titleText: title,
            answer:
              '客户端发SYN，服务器回SYN+ACK，客户端再发ACK；三次握手用于双方确认收发能力并同步初始序列号。',
            difficulty: 2,
            knowledges: '计算机网络',
            everyScore: 10,
          },
        ],
      },
    );
    expect((await saved.json()).data.fieldList).toEqual([]);

    // 我的课程 -> the course's page -> 作业 (issue 11: the homework links live on the course page)
    await page.getByRole('heading', { name: '数据结构', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/u/teacherGr/course/${homework.courseId}$`));
    await page.getByRole('tab', { name: '作业' }).click();
    await page.getByRole('link', { name: HOMEWORK }).click();
    await expect(page).toHaveURL(new RegExp(`/u/teacherGr/course/\\d+/homework/${homework.id}$`));
    await expect(page.getByRole('heading', { name: `作业：${HOMEWORK}` })).toBeVisible();
    // The questions come 10 a page: the new one is the last.
    const listed = await page.request.get(
      `/api/course/courses/${homework.courseId}/homeworks/${homework.id}/questions?pageNumber=1&pageSize=10`,
      { headers },
    );
    const lastPage = Math.ceil((await listed.json()).data.total / 10);
    const toLastPage = async () => {
      if (lastPage > 1) await page.getByTestId('course-questions-pager').getByTitle(String(lastPage)).click();
    };
    await toLastPage();
    const item = page.getByTestId('course-question').filter({ hasText: title });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('简答题');

    // Keyboard only: the AI判题 action, the answer form, 开始判题.
    const judge = item.getByTestId('course-ai-judge');
    await judge.focus();
    await page.keyboard.press('Enter');
    const form = page.getByTestId('course-judge-form');
    await expect(form).toBeVisible();
    const answer = form.getByLabel('学生答案', { exact: true });
    await expect(answer).toBeFocused();
    await page.keyboard.type(AI_E2E.judgeStudentAnswer);
    await page.getByTestId('course-judge-start').focus();
    await page.keyboard.press('Enter');

    // The common judge judges on opening.
    const panel = page.getByTestId('ai-judge-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('ai-judge-score')).toHaveValue(String(AI_E2E.judgeScore));
    await expect(panel).toContainText('评判依据');
    const apply = page.getByRole('button', { name: /引\s*用/ });
    await expect(apply).toBeEnabled();
    await apply.focus();
    await page.keyboard.press('Enter');
    await expect(panel).toBeHidden();

    // Stored against the answer it judged, and shown from the server.
    const box = item.getByTestId('judged-answer');
    await expect(box).toBeVisible();
    // Keyboard users land on the box.
    await expect(box).toBeFocused();
    await expect(box.getByLabel('得分（满分10）')).toHaveValue(String(AI_E2E.judgeScore));
    await expect(box.getByLabel('评语')).toHaveValue(AI_E2E.judgeComment);
    await expect(box).toContainText(AI_E2E.judgeStudentAnswer);
    await expect(box.getByTestId('judged-answer-meta')).toContainText('已保存：李静');

    // After a reload it is still there; the teacher edits the comment and saves.
    await page.reload();
    await toLastPage();
    const kept = page.getByTestId('course-question').filter({ hasText: title }).getByTestId('judged-answer');
    await expect(kept.getByLabel('评语')).toHaveValue(AI_E2E.judgeComment);
    await kept.getByLabel('评语').fill('复核后：要点齐全');
    await kept.getByTestId('judged-answer-save').click();
    await expect(page.getByText('批改已更新')).toBeVisible();
    await page.reload();
    await toLastPage();
    const edited = page
      .getByTestId('course-question')
      .filter({ hasText: title })
      .getByTestId('judged-answer');
    await expect(edited.getByLabel('评语')).toHaveValue('复核后：要点齐全');
    await expect(edited.getByTestId('judged-answer-meta')).toContainText('修改');
  });
});
