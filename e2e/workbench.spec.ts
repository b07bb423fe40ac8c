import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, hasChinese, signInAtProvider } from './support';

// The workbench shell (spec 001 section 2.9) in Chromium against the seeded demo: student01 has five
// unread messages and an organisation with the course, exam, graduation and obe modules.
test('student01: workbench header, bell count, modules, message page marks read, bell follows', async ({
  page,
  context,
}, testInfo) => {
  await page.goto('/workbench/index/school');
  await expect(page).toHaveURL(/\/idp\/login\?/);
  await signInAtProvider(page, 'student01', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workbench\/index\/school$/);

  const header = page.getByTestId('workbench-header');
  await expect(header.getByTestId('workbench-label')).toHaveText('工作台');
  await expect(header.getByTestId('user-name')).toHaveText('王小明');
  await expect(header.getByTestId('message-badge')).toHaveText('5');
  await expect(page.getByTestId('header-product')).toHaveCount(0);
  await expect(header.getByTestId('workbench-logo')).toHaveAttribute('href', '/home/index');

  const nav = page.getByTestId('workbench-nav');
  await expect(nav.getByTestId('wb-nav-school')).toHaveAttribute('aria-current', 'page');
  for (const code of ['course', 'exam', 'graduation', 'obe']) {
    await expect(nav.getByTestId(`wb-module-${code}`)).toBeVisible();
  }
  const shot = await header.screenshot();
  await testInfo.attach('workbench-header', { body: shot, contentType: 'image/png' });
  expect(hasChinese((await header.textContent()) ?? '')).toBe(true);
  await testInfo.attach('workbench-page', { body: await page.screenshot(), contentType: 'image/png' });

  // 我的实习 opens in a new tab
  await page.getByTestId('user-menu').click();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByTestId('menu-myInternship').click(),
  ]);
  await expect(tab).toHaveURL(/\/workbench\/index\/internship$/);
  await tab.close();

  // the bell leads to the message page, which lists and marks the five messages read
  await page.getByTestId('message-bell').click();
  await expect(page).toHaveURL(/\/message\/index$/);
  await expect(page.getByTestId('message-item')).toHaveCount(5);
  await expect(page.getByTestId('message-bell')).toHaveCount(0);
  await expect(page.locator('.message-item.is-unread')).toHaveCount(0);
  await testInfo.attach('message-page', { body: await page.screenshot(), contentType: 'image/png' });

  await page.getByTestId('wb-nav-resume').click();
  await expect(page).toHaveURL(/\/workbench\/index\/resume$/);
  await expect(page.getByTestId('message-bell')).toBeVisible();
  await expect(page.getByTestId('message-badge')).toHaveCount(0);
});
