import type { Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  expect,
  signInAt,
  signInAtProvider,
  signInByApi,
  switchOrganisation,
  test,
} from './support';

// Who reaches what from the school site and the workbench: the data screen for the college's leader only
// (spec 001 section 5), the teacher's own workbench navigation, the career mentor for students only (spec
// career-job-seeker section 6), and a missing homework on the teacher's course pages.

const port = Number(process.env.E2E_PORT ?? 3100);
const school = `http://school.localhost:${port}`;

/** Signs in at the identity provider from the school site and comes back to its home page. */
async function signInOnSchool(page: Page, username: string): Promise<void> {
  const back = `${school}/authorize?redirect=${encodeURIComponent('/home/index')}`;
  await page.goto(`${school}/idp/login?redirect=${encodeURIComponent(back)}`);
  await signInAtProvider(page, username, DEMO_PASSWORD);
  await expect(page).toHaveURL(`${school}/home/index`);
  await expect(page.getByTestId('user-name')).toBeVisible();
}

test('leader01 opens 数据大屏 from the school header and sees the college in figures', async ({ page }) => {
  await signInOnSchool(page, 'leader01');
  const header = page.getByTestId('header-school');
  await header.getByRole('link', { name: '数据大屏' }).click();
  await expect(page).toHaveURL(`${school}/dataScreen/index`);
  await expect(page.getByRole('heading', { name: '数据大屏', level: 1 })).toBeVisible();
  await expect(page.getByText('当前用户无查看权限')).toHaveCount(0);
  await expect(page.getByText('优加示范大学').first()).toBeVisible();
  // the demo college has teacher01's course with its homework, and student01
  for (const key of ['courses', 'homeworks', 'students', 'teachers']) {
    await expect(page.getByTestId(`data-screen-${key}`)).toContainText(/[1-9]/);
  }
  await expect(page.getByTestId('data-screen-codeRuns')).toContainText(/\d/);
});

test('student01 clicking 数据大屏 is told 当前用户无查看权限 and stays', async ({ page }) => {
  await signInOnSchool(page, 'student01');
  await page.getByTestId('header-school').getByRole('link', { name: '数据大屏' }).click();
  await expect(page.getByText('当前用户无查看权限')).toBeVisible();
  await expect(page).toHaveURL(`${school}/home/index`);
  // opened directly, the page refuses too, and the figures are refused by the server
  await page.goto(`${school}/dataScreen/index`);
  await expect(page.getByText('当前用户无查看权限')).toBeVisible();
  await expect(page.getByTestId('data-screen-courses')).toHaveCount(0);
});

test('teacher01: the teaching side navigation, 职业导师 refused, a missing homework with the way back', async ({
  page,
  baseURL,
}) => {
  await signInAt(page, '/workbench/index/school', 'teacher01');
  const side = page.getByTestId('workbench-nav');
  await expect(side.getByText('教学中心')).toBeVisible();
  await expect(side.getByTestId('wb-nav-teacherGroup')).toHaveAttribute('href', '/u/teacherGr/group');
  // 资源库 is built (issue 15): a real link, no 建设中 tag
  await expect(side.getByTestId('wb-nav-resourceStore')).toHaveAttribute(
    'href',
    '/u/resourceStore/theroryCourse',
  );
  await expect(side.getByTestId('wb-nav-resourceStore')).not.toContainText('建设中');
  await expect(side.getByTestId('wb-nav-internship')).toHaveCount(0);
  await expect(side.getByTestId('wb-nav-careerMentor')).toHaveCount(0);

  await page.goto('/workbench/index/careerMentor');
  await expect(page.getByText('暂无权限')).toBeVisible();
  await expect(page).toHaveURL(/\/workbench\/index\/school$/);
  await expect(page.getByTestId('career-mentor-area')).toHaveCount(0);

  await page.goto('/u/teacherGr/course/1/homework/987654321');
  const missing = page.getByTestId('course-not-found');
  await expect(missing).toContainText('作业不存在');
  await expect(page.getByRole('button', { name: /重\s*试/ })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: '位置' })).toHaveText('我的课程');
  // links in the product's link style, not the browser's underlined purple-blue
  const back = missing.getByRole('link', { name: '返回我的课程' });
  await expect(back).toHaveCSS('color', 'rgb(29, 92, 255)');
  await expect(back).toHaveCSS('text-decoration-line', 'none');
  await back.click();
  await expect(page).toHaveURL(new URL('/u/teacherGr/group', baseURL).href);
  await expect(page.getByRole('heading', { name: '我的课程', level: 1 })).toBeVisible();
});

test('student01 in 优加示范大学 (QA bot on) reaches 职业导师', async ({ page }) => {
  // auth.spec.ts may have made the other organisation the default: start in 优加示范大学 (qabot 2)
  await switchOrganisation(page, await signInByApi(page, 'student01'), '优加示范大学');
  await signInAt(page, '/workbench/index/careerMentor', 'student01');
  await expect(page.getByTestId('career-mentor-area')).toBeVisible();
  await expect(page.getByRole('heading', { name: '职业导师', level: 1 })).toBeVisible();
  await expect(page.getByText('暂无权限')).toHaveCount(0);
});
