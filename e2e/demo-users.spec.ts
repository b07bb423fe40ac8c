import { basicInfo, DEMO_PASSWORD, expect, signInAtProvider, storedToken, test } from './support';

// Every demo account of the README signs in through the provider in the browser and gets the header of
// its role (spec 001 section 2.8): workbench buttons, and the college management entry for the admin.
const ACCOUNTS = [
  { username: 'student01', buttons: ['学生工作台'], absent: ['教师工作台'], collegeAdmin: false },
  { username: 'teacher01', buttons: ['教师工作台'], absent: ['学生工作台', '企业入口'], collegeAdmin: false },
  {
    username: 'business01',
    buttons: ['企业入口', '教师工作台'],
    absent: ['学生工作台'],
    collegeAdmin: false,
  },
  { username: 'leader01', buttons: ['教师工作台'], absent: ['学生工作台'], collegeAdmin: false },
  { username: 'admin01', buttons: ['教师工作台'], absent: ['学生工作台'], collegeAdmin: true },
];

test.describe('demo accounts', () => {
  for (const account of ACCOUNTS) {
    test(`${account.username} signs in and sees the header of its role`, async ({ page }) => {
      await page.goto('/home/index');
      await page.getByTestId('login-register').click();
      await expect(page).toHaveURL(/\/idp\/login\?/);
      await signInAtProvider(page, account.username, DEMO_PASSWORD);

      const userName = page.getByTestId('user-name');
      await expect(userName).toBeVisible();
      const token = await storedToken(page);
      expect(token).toBeTruthy();
      const info = await basicInfo(page, token!);
      expect(info.username).toBe(account.username);
      expect(info.name).not.toBe('');
      await expect(userName).toHaveText(info.name);

      const header = page.getByTestId('header-product');
      for (const label of account.buttons) {
        await expect(header.getByRole('button', { name: label, exact: true })).toBeVisible();
      }
      for (const label of account.absent) {
        await expect(header.getByRole('button', { name: label, exact: true })).toHaveCount(0);
      }

      // The user menu: 学院管理 comes first exactly for the college admin.
      await page.getByTestId('user-menu').hover();
      await expect(page.getByTestId('logout-item')).toBeVisible();
      const items = page.getByRole('menuitem');
      if (account.collegeAdmin) {
        await expect(items.first()).toHaveText('学院管理');
        // It opens the admin site in a new tab with a fresh certificate; without COLLEGE_ADMIN_URL that is
        // /college-admin, which checks the certificate as the admin site would.
        const [adminTab] = await Promise.all([page.context().waitForEvent('page'), items.first().click()]);
        await expect(adminTab).toHaveURL(/\/college-admin\?certificate=/);
        await expect(adminTab.getByRole('heading', { name: '学院管理', level: 1 })).toBeVisible();
        await expect(adminTab.getByText(`${info.name}（${account.username}）`)).toBeVisible();
        await expect(adminTab.getByText('本平台未部署学院管理后台')).toBeVisible();
        await adminTab.close();
      } else {
        await expect(page.getByRole('menuitem', { name: '学院管理' })).toHaveCount(0);
      }
    });
  }
});
