import { ASSISTANT_MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { ole2Of } from '../files/test-documents';
import { findSoffice } from '../resume/resume-attached.convert';
import {
  chinesePdf,
  docx,
  docxBomb,
  encryptedPdf,
  lectureDoc,
  legacyOffice,
  longPdf,
  png,
  pptx,
  scannedPdf,
  xlsx,
} from './assistant-documents.test-support';
import { EXTRACT_REASONS, type ExtractReason, type ExtractResult, extractText } from './extract-text';

/* Text extraction (issue 16 part 5): every type from a real file, and every unreadable file says why. */

const soffice = await findSoffice(process.env.SOFFICE_PATH);

const read = (name: string, bytes: Buffer, extra: Partial<Parameters<typeof extractText>[0]> = {}) =>
  extractText({ bytes, name, contentType: '', soffice: null, ...extra });

const textOf = (result: ExtractResult) => {
  if (!result.ok) throw new Error(`not read: ${result.message}`);
  return result.text;
};

const expectUnreadable = (result: ExtractResult, name: string, reason: ExtractReason) => {
  expect(result).toEqual({
    ok: false,
    reason,
    message: `${ASSISTANT_MSG.fileUnreadable(name)}：${EXTRACT_REASONS[reason]}`,
  });
};

describe('extractText: every type from a real file', () => {
  it('PDF: the pages’ text in order, Chinese included (pdfkit with Noto Sans CJK)', async () => {
    const text = textOf(await read('讲义.pdf', await chinesePdf()));
    expect(text).toBe(
      '第一章 函数的极限\n数列极限的定义：对任意给定的正数ε，总存在正整数N。\n\n' +
        '第二章 导数与微分\n导数描述函数在某一点的变化率。',
    );
  });

  it('Word .docx: paragraphs and table cells (mammoth)', async () => {
    const bytes = await docx(
      ['第三章 数据库系统概论', '关系模型 & 完整性约束'],
      [
        ['术语', '含义'],
        ['主码', '唯一标识元组的属性组'],
      ],
    );
    const text = textOf(await read('笔记.docx', bytes));
    expect(text.split(/\n+/)).toEqual([
      '第三章 数据库系统概论',
      '关系模型 & 完整性约束',
      '术语',
      '含义',
      '主码',
      '唯一标识元组的属性组',
    ]);
  });

  it('Word 97-2003 .doc (word-extractor; a file LibreOffice saved)', async () => {
    const text = textOf(await read('旧版讲义.doc', await lectureDoc()));
    expect(text).toContain('第三章 数据库系统概论');
    expect(text).toContain('关系模型由关系数据结构、关系操作集合和完整性约束三部分组成。');
    expect(text).toMatch(/主码\s+唯一标识元组的属性组/);
  });

  it('Excel .xlsx: every sheet under its name, rows as CSV (exceljs); empty sheets left out', async () => {
    const bytes = await xlsx({
      成绩: [
        ['姓名', '成绩', '备注'],
        ['张三', 90, ''],
        ['李四,王五', 85.5, '说"好"'],
      ],
      空表: [],
      课程: [['高等数学'], ['线性代数']],
    });
    expect(textOf(await read('成绩.xlsx', bytes))).toBe(
      '工作表：成绩\n姓名,成绩,备注\n张三,90\n"李四,王五",85.5,"说""好"""\n\n工作表：课程\n高等数学\n线性代数',
    );
  });

  it('PowerPoint .pptx: slides in the presentation’s order (not the parts’ numbers), each under 第N页', async () => {
    const bytes = await pptx([['课程导论', '学习目标：掌握极限'], [], ['第二讲 & 导数', '变化率']]);
    expect(textOf(await read('课件.pptx', bytes))).toBe(
      '第1页\n课程导论\n学习目标：掌握极限\n\n第3页\n第二讲 & 导数\n变化率',
    );
  });

  it('CSV in UTF-8 (with a BOM) and in GB18030; plain text and markdown for notes', async () => {
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('姓名,成绩\n张三,90\n')]);
    expect(textOf(await read('成绩.csv', utf8))).toBe('姓名,成绩\n张三,90');
    // 姓名,成绩 / 张三,88 as Excel on a Chinese Windows saves it
    const gb = Buffer.from('d0d5c3fb2cb3c9bca80ad5c5c8fd2c38380a', 'hex');
    expect(textOf(await read('成绩.csv', gb))).toBe('姓名,成绩\n张三,88');
    expect(
      textOf(await read('笔记.md', Buffer.from('# 极限\n\n定义'), { contentType: 'text/markdown' })),
    ).toBe('# 极限\n\n定义');
  });

  it.skipIf(!soffice)('Excel .xls and PowerPoint .ppt through LibreOffice when it is installed', async () => {
    const xls = await legacyOffice(
      soffice as string,
      await xlsx({
        名单: [
          ['学号', '姓名'],
          [1, '张三'],
        ],
      }),
      'xls',
    );
    expect(textOf(await read('名单.xls', xls, { soffice }))).toBe('工作表：名单\n学号,姓名\n1,张三');
    const ppt = await legacyOffice(soffice as string, await pptx([['绪论'], ['总结', '复习要点']]), 'ppt');
    expect(textOf(await read('课件.ppt', ppt, { soffice }))).toBe('第1页\n绪论\n\n第2页\n总结\n复习要点');
  });

  it('Excel .xls and PowerPoint .ppt without LibreOffice: say to save them as xlsx/pptx', async () => {
    expectUnreadable(await read('名单.xls', ole2Of('Workbook')), '名单.xls', 'legacyExcel');
    expectUnreadable(await read('课件.ppt', ole2Of('PowerPoint Document')), '课件.ppt', 'legacyPowerPoint');
    expect(EXTRACT_REASONS.legacyExcel).toContain('请另存为xlsx格式后上传');
    expect(EXTRACT_REASONS.legacyPowerPoint).toContain('请另存为pptx格式后上传');
  });

  it('takes the type from the bytes, not from the name or the claimed type', async () => {
    const bytes = await docx(['其实是Word文件']);
    expect(textOf(await read('改了名字.pdf', bytes, { contentType: 'application/pdf' }))).toBe(
      '其实是Word文件',
    );
  });
});

describe('extractText: an unreadable file says why', () => {
  it('an encrypted PDF', async () => {
    expectUnreadable(await read('加密.pdf', await encryptedPdf()), '加密.pdf', 'encrypted');
  });

  it('a scanned PDF (pages of pictures, no text layer)', async () => {
    expectUnreadable(await read('扫描件.pdf', await scannedPdf()), '扫描件.pdf', 'scanned');
    expect(EXTRACT_REASONS.scanned).toBe('未识别到文字，可能是扫描件');
  });

  it('a damaged PDF, docx or doc', async () => {
    const pdf = await chinesePdf();
    expectUnreadable(await read('坏.pdf', pdf.subarray(0, 400)), '坏.pdf', 'corrupt');
    expectUnreadable(
      await read('坏.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 0x41)])),
      '坏.pdf',
      'corrupt',
    );
    const word = await docx(['内容']);
    expectUnreadable(await read('坏.docx', word.subarray(0, word.length - 40)), '坏.docx', 'corrupt');
    expectUnreadable(await read('坏.doc', ole2Of('WordDocument')), '坏.doc', 'corrupt');
  });

  it('an empty file, or one without any text', async () => {
    expectUnreadable(await read('空.pdf', Buffer.alloc(0)), '空.pdf', 'empty');
    expectUnreadable(await read('空.docx', await docx([])), '空.docx', 'empty');
    expectUnreadable(await read('空.xlsx', await xlsx({ Sheet1: [] })), '空.xlsx', 'empty');
    expectUnreadable(await read('空.pptx', await pptx([[], []])), '空.pptx', 'empty');
    expectUnreadable(await read('空.csv', Buffer.from('\n,,\n')), '空.csv', 'empty');
  });

  it('a CSV that is no text in UTF-8 or GB18030; a type it does not read', async () => {
    expectUnreadable(await read('乱码.csv', Buffer.from([0x61, 0x2c, 0xff, 0x0a])), '乱码.csv', 'encoding');
    expectUnreadable(await read('图.png', png(4, 4)), '图.png', 'unsupported');
  });
});

describe('extractText: bounded work on hostile files', () => {
  it('a zip bomb is refused by its declared size, and by its real size when the header lies', async () => {
    const honest = await docxBomb(300 * 1024 * 1024);
    expect(honest.length).toBeLessThan(1024 * 1024);
    expectUnreadable(await read('炸弹.docx', honest), '炸弹.docx', 'inflated');
    const lying = await docxBomb(300 * 1024 * 1024, true);
    expectUnreadable(await read('炸弹.docx', lying), '炸弹.docx', 'inflated');
    // under smaller limits a modest file is refused the same way
    const modest = await docxBomb(8 * 1024 * 1024, true);
    expectUnreadable(
      await read('大.docx', modest, { limits: { zipEntryBytes: 4 * 1024 * 1024 } }),
      '大.docx',
      'inflated',
    );
  });

  it('a parser that loops without end (a cyclic OLE2 sector chain) ends its own process, not the server', async () => {
    const doc = Buffer.from(await lectureDoc());
    // the directory's sector chain made a cycle of two: word-extractor follows it for ever
    const directory = doc.readInt32LE(0x30);
    const fat = (doc.readInt32LE(0x4c) + 1) * 512;
    const other = directory === 0 ? 1 : 0;
    doc.writeInt32LE(other, fat + directory * 4);
    doc.writeInt32LE(directory, fat + other * 4);
    expectUnreadable(await read('循环.doc', doc, { limits: { heapMb: 64 } }), '循环.doc', 'crashed');
    // and the server goes on reading files
    expect(textOf(await read('讲义.pdf', await chinesePdf()))).toContain('函数的极限');
  });

  it('gives up at the time limit', async () => {
    expectUnreadable(
      await read('慢.pdf', await chinesePdf(), { limits: { timeoutMs: 1 } }),
      '慢.pdf',
      'timeout',
    );
  });

  it('keeps at most maxChars of the text and says it was cut', async () => {
    const result = await read('长.pdf', await longPdf(30), { limits: { maxChars: 3000 } });
    expect(result.ok && result.truncated).toBe(true);
    expect(textOf(result).length).toBeLessThanOrEqual(3000);
    expect(textOf(result)).toMatch(/^Page 1\. Limits/);
    const all = await read('长.pdf', await longPdf(3));
    expect(all.ok && all.truncated).toBeFalsy();
    expect(textOf(all)).toContain('Page 3.');
  });
});
