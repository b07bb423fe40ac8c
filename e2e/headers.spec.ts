import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { hasChinese } from './support';

// Screenshots land in test-results/headers/ (stable names, overwritten each run) for people to look at.
const shotDir = fileURLToPath(new URL('../test-results/headers/', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);

interface GlyphCheck {
  fontFamily: string;
  /** Distinct pixel images among the sampled Chinese characters. */
  distinctGlyphs: number;
  samples: number;
  /** Sampled Chinese characters whose pixels equal those of a code point no font has. */
  tofu: string[];
  /** Whether the sampled characters drew anything at all. */
  inked: boolean;
}

/**
 * Draws Chinese characters in the header's own font on a canvas and compares their pixels with each
 * other and with a character no font has (U+10FFFF, which every browser draws as the missing-glyph box).
 * Without a CJK font every Chinese character becomes that same box: all images equal and equal to it.
 */
async function checkChineseGlyphs(header: Locator, sample: string): Promise<GlyphCheck> {
  return header.evaluate((element, chars) => {
    const fontFamily = getComputedStyle(element).fontFamily;
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no 2d canvas');
    const draw = (ch: string): string => {
      ctx.clearRect(0, 0, 64, 64);
      ctx.fillStyle = '#000';
      ctx.font = `40px ${fontFamily}`;
      ctx.textBaseline = 'top';
      ctx.fillText(ch, 8, 8);
      const data = ctx.getImageData(0, 0, 64, 64).data;
      // Alpha channel as a compact string: enough to tell glyph images apart.
      let alpha = '';
      for (let i = 3; i < data.length; i += 4) alpha += String.fromCharCode(data[i] ?? 0);
      return alpha;
    };
    const missing = draw('\u{10FFFF}');
    const list = Array.from(new Set(Array.from(chars)));
    const images = list.map((ch) => draw(ch));
    const blank = draw(' ');
    return {
      fontFamily,
      distinctGlyphs: new Set(images).size,
      samples: list.length,
      tofu: list.filter((_, i) => images[i] === missing),
      inked: images.every((image) => image !== blank),
    };
  }, sample);
}

async function checkHeader(
  page: Page,
  url: string,
  testId: string,
  expectedTexts: string[],
  shotName: string,
): Promise<void> {
  await page.goto(url);
  const header = page.getByTestId(testId);
  await expect(header).toBeVisible();
  for (const text of expectedTexts) await expect(header).toContainText(text);

  const content = ((await header.textContent()) ?? '').replace(/\s+/g, '');
  expect(hasChinese(content)).toBe(true);
  const chinese = Array.from(content)
    .filter((ch) => hasChinese(ch))
    .join('');

  // Fonts must be ready before the picture and the pixel check.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const glyphs = await checkChineseGlyphs(header, chinese);
  expect(glyphs.tofu, `tofu boxes in font ${glyphs.fontFamily}`).toEqual([]);
  expect(glyphs.inked).toBe(true);
  expect(glyphs.distinctGlyphs).toBe(glyphs.samples);

  mkdirSync(shotDir, { recursive: true });
  const path = `${shotDir}${shotName}.png`;
  await header.screenshot({ path });
  await test.info().attach(shotName, { path, contentType: 'image/png' });
}

test.describe('site headers render their Chinese tabs', () => {
  test('product header', async ({ page }) => {
    await checkHeader(
      page,
      `http://localhost:${port}/home/index`,
      'header-product',
      ['首页', '精品课程', '云端实验', '产业项目实训', '创新大赛', '职业发展课', '实习生计划', '平台实验室'],
      'header-product',
    );
    // 'AI应用' may be written with or without a space between AI and 应用.
    await expect(page.getByTestId('header-product')).toContainText(/AI\s*应用/);
  });

  test('school header', async ({ page }) => {
    // Tabs from the demo school deployment's SCHOOL_PAGE_NAVIGATION, and the school's name.
    await checkHeader(
      page,
      `http://school.localhost:${port}/`,
      'header-school',
      ['优加示范大学', '首页', '教学资源库', '职业发展课', '实习生计划', '创新大赛', '求职就业', '数据大屏'],
      'header-school',
    );
  });

  test('area header', async ({ page }) => {
    // The area's fixed tabs, its configured menu items (demo homepageConfig) and its title.
    await checkHeader(
      page,
      `http://area.localhost:${port}/`,
      'header-area',
      [
        '示范区域产教融合平台',
        '首页',
        '云端实验',
        '职业发展课',
        '实习生计划',
        '精品课程',
        '创新大赛',
        '合作院校',
      ],
      'header-area',
    );
  });
});
