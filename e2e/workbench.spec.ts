import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, hasChinese, signInAtProvider } from './support';

// The workbench shell (spec 001 section 2.9) in Chromium against the seeded demo: student01 has five
// unread messages and an organisation with the course, exam, graduation and obe modules.
test('student01: workbench header, bell count, modules, message page marks read, bell follows', async ({
  page,
  context,
}, testInfo) => {
  // The modules below belong to 优加示范大学. auth.spec.ts switches student01 to its other organisation
  // (which becomes the default), so make 优加示范大学 the default again before this sign-in.
  const login = await page.request.post('/idp/api/login', {
    data: { username: 'student01', password: DEMO_PASSWORD },
  });
  const ticket = ((await login.json()) as { data: { ticket: string } }).data.ticket;
  const asStudent = { 'X-Access-Token': ticket };
  const me = await page.request.get('/api/portal/users/basic_info', { headers: asStudent });
  const { userid } = ((await me.json()) as { data: { userid: string } }).data;
  const organs = await page.request.get(
    `/api/portal/users/${userid}?organName=${encodeURIComponent('优加示范大学')}`,
    { headers: asStudent },
  );
  const [university] = ((await organs.json()) as { data: { id: string }[] }).data;
  expect(university).toBeTruthy();
  const switched = await page.request.post('/api/portal/users/switch', {
    headers: asStudent,
    data: { switchToOrganId: university!.id },
  });
  expect(switched.ok()).toBe(true);
  // Unread messages as the server counts them (5 on a fresh server; fewer when a retry runs after this
  // test marked them read).
  const counts = await page.request.post('/api/qmn/c/counts', { headers: asStudent });
  const { unread } = ((await counts.json()) as { data: { unread: number } }).data;
  await page.request.post('/api/base/logout', { headers: asStudent });

  await page.goto('/workbench/index/school');
  await expect(page).toHaveURL(/\/idp\/login\?/);
  await signInAtProvider(page, 'student01', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/workbench\/index\/school$/);

  const header = page.getByTestId('workbench-header');
  await expect(header.getByTestId('workbench-label')).toHaveText('工作台');
  await expect(header.getByTestId('user-name')).toHaveText('王小明');
  if (unread > 0) await expect(header.getByTestId('message-badge')).toHaveText(String(unread));
  else await expect(header.getByTestId('message-badge')).toHaveCount(0);
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
