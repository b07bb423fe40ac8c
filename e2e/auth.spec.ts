import {
  basicInfo,
  chooseFromUserMenu,
  DEMO_PASSWORD,
  expect,
  signInAtProvider,
  storedToken,
  test,
} from './support';

test.describe('sign-in, organisation switching and sign-out', () => {
  test('a visitor signs in at the provider, switches organisation (the other tab reloads) and signs out', async ({
    page,
    context,
  }) => {
    // Every main-frame address the first tab passes through, to see the way back through /authorize.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });

    // A visitor opening the root lands on the home page and sees 登录/注册.
    await page.goto('/');
    await expect(page).toHaveURL(/\/home\/index$/);
    const loginRegister = page.getByTestId('login-register');
    await expect(loginRegister).toBeVisible();
    await expect(loginRegister).toContainText('登录/注册');
    expect(await storedToken(page)).toBeNull();

    // 登录/注册 leads to the identity provider, which is told where to come back to.
    await loginRegister.click();
    await expect(page).toHaveURL(/\/idp\/login\?/);
    const loginUrl = new URL(page.url());
    expect(loginUrl.searchParams.get('redirect') ?? '').toContain('/authorize');

    await signInAtProvider(page, 'student01', DEMO_PASSWORD);

    // Back in the app through /authorize?ticket=..., signed in, the name shown.
    const userName = page.getByTestId('user-name');
    await expect(userName).toBeVisible();
    await expect(page).not.toHaveURL(/\/(idp|authorize)/);
    expect(visited.some((url) => /\/authorize\?(.*&)?ticket=/.test(url))).toBe(true);
    await expect(page.getByTestId('login-register')).toHaveCount(0);

    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const before = await basicInfo(page, token!);
    expect(before.username).toBe('student01');
    await expect(userName).toHaveText(before.name);
    await expect(page.getByTestId('current-organ')).toHaveText(before.organName);

    // A second tab of the same browser is signed in too.
    const second = await context.newPage();
    await second.goto('/home/index');
    await expect(second.getByTestId('user-name')).toHaveText(before.name);
    // A marker that only survives as long as the page is not reloaded.
    await second.evaluate(() => {
      (window as unknown as { __e2eMarker?: string }).__e2eMarker = 'before-switch';
    });
    const secondReloaded = second.waitForEvent('load', { timeout: 30_000 });

    // In the first tab: user menu, 切换机构, pick the other organisation, confirm.
    await page.bringToFront();
    await chooseFromUserMenu(page, 'switch-organ-item');
    const dialog = page.getByTestId('organ-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('切换机构');
    await expect(dialog.getByPlaceholder('请输入机构名称搜索')).toBeVisible();
    const options = dialog.getByTestId('organ-option');
    await expect(options).toHaveCount(2);
    const other = options.filter({ hasNotText: before.organName });
    await expect(other).toHaveCount(1);
    const otherText = ((await other.textContent()) ?? '').trim();
    await other.click();
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(dialog).toBeHidden();

    // The server now has the other organisation as the current one for this session.
    const after = await basicInfo(page, token!);
    expect(after.organId).not.toBe(before.organId);
    expect(otherText).toContain(after.organName);
    // The switch is confirmed in words, and the header names the new organisation.
    await expect(page.locator('.ant-message')).toContainText(`已切换到${after.organName}`);
    await expect(page.getByTestId('current-organ')).toHaveText(after.organName);

    // The second tab was told to reload, and after reloading it shows the new organisation.
    await secondReloaded;
    expect(await second.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBe(
      undefined,
    );
    await expect(second.getByTestId('user-name')).toHaveText(before.name);
    const storedOrgan = await second.evaluate(() => window.localStorage.getItem('organ'));
    expect(storedOrgan ?? '').toContain(after.organId);
    await chooseFromUserMenu(second, 'switch-organ-item');
    const secondDialog = second.getByTestId('organ-dialog');
    await expect(secondDialog).toBeVisible();
    // The dialog preselects the stored organisation: now the new one.
    const checked = secondDialog.getByTestId('organ-option').filter({ has: second.locator('input:checked') });
    await expect(checked).toHaveCount(1);
    await expect(checked).toContainText(after.organName);
    await secondDialog.getByRole('button', { name: /取\s*消/ }).click();
    await second.close();
    await page.bringToFront();

    // Sign out from the user menu: a visitor again, and the old token no longer works.
    await chooseFromUserMenu(page, 'logout-item');
    // Signing out passes through the provider and back: the page may be navigating while it is read.
    await expect.poll(() => storedToken(page).catch(() => 'navigating')).toBeNull();
    await expect(page.getByTestId('login-register')).toBeVisible();
    await expect(page.getByTestId('user-name')).toHaveCount(0);
    await expect.poll(() => storedToken(page).catch(() => 'navigating')).toBeNull();
    const verify = await page.request.get('/api/login/verify', { headers: { 'X-Access-Token': token! } });
    expect(verify.status()).toBe(401);
  });

  test('a wrong password is refused on the provider page', async ({ page }) => {
    await page.goto('/home/index');
    await page.getByTestId('login-register').click();
    await expect(page).toHaveURL(/\/idp\/login\?/);
    await signInAtProvider(page, 'teacher01', 'not-the-password');
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/idp\/login/);
    expect(await storedToken(page)).toBeNull();
  });
});
