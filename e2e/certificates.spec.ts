import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signInAt, test } from './support';

/*
 * Certificates end to end (issue 12) against the demo server: student02 opens 全部证书, where the demo
 * Internship certificate business01 issued is listed; opens it as a certificate, finds the context menu and
 * F12 disabled with the reason shown, exports it as PNG (10 times the certificate's CSS size, read from the
 * PNG's IHDR) and opens its public verification address, which says 证书真实有效.
 */

/** Entering the workbench may open the unread 课程通知: whenever that dialog stands in the way, it is closed. */
async function closeNoticesWhenShown(page: Page) {
  await page.addLocatorHandler(page.getByRole('dialog', { name: '课程通知' }), async (notice) => {
    await notice.getByTestId('course-notice-close').click();
    await expect(notice).toBeHidden();
  });
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

test('student02 opens the demo certificate, exports it as a PNG at scale 10 and verifies it publicly', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  await closeNoticesWhenShown(page);
  await signInAt(page, '/workbench/index/certificate', 'student02');
  await expect(page.getByRole('heading', { name: '全部证书', level: 1 })).toBeVisible();
  const card = page.getByTestId('certificate-card').first();
  await expect(card).toContainText('实习证明');
  await expect(card).toContainText('优加信息技术有限公司');

  // the context menu and F12 do nothing on this page, and it says why
  await page.getByRole('heading', { name: '全部证书', level: 1 }).click({ button: 'right' });
  await expect(page.getByTestId('certificate-protect-notice')).toHaveText(
    '为保护证书信息，本页已禁用右键菜单和开发者工具快捷键',
  );

  await card.getByTestId('certificate-open').click();
  const dialog = page.getByRole('dialog');
  const certificate = dialog.getByTestId('certificate');
  await expect(certificate).toBeVisible();
  await expect(certificate).toContainText('实习证明');
  await expect(certificate).toContainText('赵雨涵');
  await expect(certificate.getByTestId('certificate-comment').locator('p')).toHaveCount(2);
  await expect(certificate.getByRole('img', { name: '优加信息技术有限公司公章' })).toBeVisible();
  await page.keyboard.press('F12');
  await expect(dialog.getByTestId('certificate-dialog-notice')).toBeVisible();
  await expectNoAxeViolations(page);
  await testInfo.attach('certificate', { body: await certificate.screenshot(), contentType: 'image/png' });

  // 导出图片: the PNG is the certificate's CSS size times 10 (within a pixel of rounding)
  const css = await certificate.evaluate((node) => ({
    width: (node as HTMLElement).offsetWidth,
    height: (node as HTMLElement).offsetHeight,
  }));
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    dialog.getByTestId('certificate-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^证书-赵雨涵-实习证明\.png$/);
  const path = await download.path();
  await download.saveAs(testInfo.outputPath('exported.png'));
  const size = pngSize(await readFile(path));
  expect(Math.abs(size.width - css.width * 10)).toBeLessThanOrEqual(1);
  expect(Math.abs(size.height - css.height * 10)).toBeLessThanOrEqual(1);

  // the public verification address, signed out or not, says it is genuine
  const href = await dialog.getByTestId('certificate-verify-link').getAttribute('href');
  expect(href).toMatch(/^\/certificate\/verify\/[A-Za-z0-9_-]+$/);
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(new URL(href ?? '/', page.url()).toString());
  await expect(visitor.getByRole('heading', { name: '证书验证' })).toBeVisible();
  await expect(visitor.getByTestId('verify-genuine')).toHaveText(/证书真实有效/);
  await expect(visitor.getByTestId('certificate-verify')).toContainText('赵*涵');
  await expectNoAxeViolations(visitor);
  await visitor.goto(new URL('/certificate/verify/not-a-real-code', page.url()).toString());
  await expect(visitor.getByTestId('verify-missing')).toHaveText(/证书不存在或已失效/);
  await visitorContext.close();
});

test('business01 issues a 结业证书 to student02 with the last seal offered again, then revokes it after asking', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAt(page, '/u/enterprise/certificates', 'business01');
  await expect(page.getByRole('heading', { name: '证书管理', level: 1 })).toBeVisible();
  const table = page.getByTestId('cert-manage-table');
  await expect(table).toContainText('赵雨涵');

  await page.getByTestId('cert-issue-open').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('已填入上次使用的公章');
  await dialog.getByRole('button', { name: /颁\s*发/ }).click();
  await expect(
    dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请选择实习计划' }),
  ).toBeVisible();

  await dialog.getByTestId('issue-group').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '2025秋季测试开发实习计划' }).click();
  await dialog.getByTestId('issue-member').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '赵雨涵' }).click();
  await dialog.getByText('结业证书', { exact: true }).click();
  await dialog.getByTestId('issue-subject').fill('软件测试');
  await dialog.getByTestId('issue-comment').fill('考核优秀\n准予结业');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: /颁\s*发/ }).click();
  await expect(page.getByText('证书已颁发')).toBeVisible();
  await expect(dialog).toBeHidden();

  const newest = table.locator('tbody tr.ant-table-row').first();
  await expect(newest).toContainText('结业证书');
  await expect(newest).toContainText('软件测试');
  await newest.getByTestId('cert-revoke').click();
  await expect(page.getByTestId('confirm-content')).toContainText('确定撤销吗');
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('证书已撤销')).toBeVisible();
  await expect(newest).toContainText('已撤销');
});
