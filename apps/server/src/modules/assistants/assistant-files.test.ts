import {
  ASSISTANT_BASE,
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  type AssistantFile,
  FILES_MSG,
} from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors';
import { assistantFiles, files } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember, buildUser, tokenFor } from '../../test/factories';
import { ole2Of } from '../files/test-documents';
import { multipart, SAMPLES } from '../files/test-files';
import {
  chinesePdf,
  docx,
  encryptedPdf,
  lectureDoc,
  png,
  pptx,
  scannedPdf,
  xlsx,
} from './assistant-documents.test-support';
import { readAssistantFiles } from './assistant-files.service';
import { EXTRACT_REASONS } from './extract-text';

/* POST {ASSISTANT_BASE}/files and readAssistantFiles (issue 16 part 5, portal spec 2.15). */

const U = `${ASSISTANT_BASE}/files`;
const MB = 1024 * 1024;

describe.each(testDrivers())('assistant files (%s)', (driver) => {
  const t = useTestApp(driver);

  const send = (token: string | null, name: string, bytes: Buffer) => {
    const body = multipart({ name, bytes });
    return t.app.inject({
      method: 'POST',
      url: U,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? { 'x-access-token': token } : {}) },
    });
  };

  const uploaded = async (token: string, name: string, bytes: Buffer) => {
    const res = await send(token, name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as AssistantFile;
  };

  const storedOf = async (userId: number) =>
    (await t.db.select().from(files).where(eq(files.ownerId, userId))).length;

  it('reads every document type now and keeps its text: Ready with its characters', async () => {
    const student = await buildSignedInMember(t.db);
    const cases: [string, Buffer, string][] = [
      ['讲义.pdf', await chinesePdf(), '第一章 函数的极限'],
      ['笔记.docx', await docx(['关系模型的三要素']), '关系模型的三要素'],
      ['旧版讲义.doc', await lectureDoc(), '第三章 数据库系统概论'],
      [
        '成绩.xlsx',
        await xlsx({
          成绩: [
            ['姓名', '成绩'],
            ['张三', 90],
          ],
        }),
        '工作表：成绩\n姓名,成绩\n张三,90',
      ],
      ['课件.pptx', await pptx([['课程导论'], ['小结']]), '第1页\n课程导论\n\n第2页\n小结'],
      ['名单.csv', Buffer.from('学号,姓名\n1,张三\n'), '学号,姓名\n1,张三'],
    ];
    for (const [name, bytes, expected] of cases) {
      const file = await uploaded(student.token, name, bytes);
      expect(file).toMatchObject({
        name,
        kind: 'document',
        status: 'Ready',
        message: null,
        size: bytes.length,
      });
      const [row] = await t.db.select().from(assistantFiles).where(eq(assistantFiles.fileId, file.fileId));
      expect(row?.text, name).toContain(expected);
      expect(file.chars).toBe(row?.text.length);
      expect(row).toMatchObject({ userId: student.user.id, status: 'Ready' });
      const [stored] = await t.db.select().from(files).where(eq(files.id, file.fileId));
      expect(stored).toMatchObject({ ownerId: student.user.id, purpose: 'assistantDocument', name });
    }
  });

  it('keeps an image Ready with no text and says the model reads text only; a teacher may upload too', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    for (const [name, bytes] of [
      ['板书.png', png(40, 30)],
      ['照片.jpg', SAMPLES.jpeg],
      ['照片.jpeg', SAMPLES.jpeg],
      ['图.webp', SAMPLES.webp],
    ] as const) {
      const file = await uploaded(teacher.token, name, bytes);
      expect(file).toMatchObject({
        name,
        kind: 'image',
        status: 'Ready',
        message: ASSISTANT_MSG.imageTextOnly,
        chars: 0,
        size: bytes.length,
      });
      const [stored] = await t.db.select().from(files).where(eq(files.id, file.fileId));
      expect(stored?.purpose).toBe('assistantImage');
    }
  });

  it('keeps an unreadable document as Failed with 文件「name」无法读取内容 and why', async () => {
    const student = await buildSignedInMember(t.db);
    const word = await docx(['内容']);
    const cases: [string, Buffer, keyof typeof EXTRACT_REASONS][] = [
      ['加密.pdf', await encryptedPdf(), 'encrypted'],
      ['扫描件.pdf', await scannedPdf(), 'scanned'],
      ['损坏.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 0x41)]), 'corrupt'],
      ['损坏.docx', word.subarray(0, word.length - 40), 'corrupt'],
      ['空白.pptx', await pptx([[]]), 'empty'],
    ];
    for (const [name, bytes, reason] of cases) {
      const file = await uploaded(student.token, name, bytes);
      expect(file, name).toMatchObject({
        name,
        status: 'Failed',
        chars: 0,
        message: `文件「${name}」无法读取内容：${EXTRACT_REASONS[reason]}`,
      });
    }
    expect(EXTRACT_REASONS.scanned).toBe('未识别到文字，可能是扫描件');
  });

  it('refuses another type by the name or by the bytes (400), keeping nothing', async () => {
    const student = await buildSignedInMember(t.db);
    const pdf = await chinesePdf();
    for (const [name, bytes] of [
      ['笔记.txt', Buffer.from('纯文本')],
      ['无后缀', pdf],
      ['动图.gif', Buffer.from('GIF89a......')],
      ['图片.png', pdf], // a PDF named .png: an image it is not
      ['讲义.pdf', png(4, 4)], // a picture named .pdf: no document
      ['数据.csv', Buffer.from('a,b\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0')], // bytes that are no text
      ['压缩包.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100)])],
    ] as const) {
      const res = await send(student.token, name, bytes);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(ASSISTANT_MSG.fileTypeNotAllowed);
    }
    expect(await storedOf(student.user.id)).toBe(0);
  });

  it('says a password-protected Word/Excel/PowerPoint file is encrypted (400), not of a wrong type', async () => {
    const student = await buildSignedInMember(t.db);
    const res = await send(student.token, '加密.docx', ole2Of('EncryptedPackage'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`文件「加密.docx」无法读取内容：${EXTRACT_REASONS.encrypted}`);
    expect(await storedOf(student.user.id)).toBe(0);
  });

  it('refuses an image over 10 MB and a document over 50 MB (413), keeping nothing; 10 MB itself passes', async () => {
    const student = await buildSignedInMember(t.db);
    const image = png(8, 8);
    const bigImage = Buffer.concat([image, Buffer.alloc(ASSISTANT_LIMITS.imageMaxBytes + 1 - image.length)]);
    const tooBigImage = await send(student.token, '大图.png', bigImage);
    expect(tooBigImage.statusCode).toBe(413);
    expect(tooBigImage.json()).toMatchObject({ code: 413, message: ASSISTANT_MSG.imageTooLarge });
    expect(ASSISTANT_MSG.imageTooLarge).toBe('图片大小不能超过10MB');
    // a PDF-headed file of 50 MB and a byte
    const header = Buffer.from('%PDF-1.7\n');
    const bigPdf = Buffer.concat([
      header,
      Buffer.alloc(ASSISTANT_LIMITS.documentMaxBytes + 1 - header.length),
    ]);
    const tooBigDoc = await send(student.token, '大文档.pdf', bigPdf);
    expect(tooBigDoc.statusCode).toBe(413);
    expect(tooBigDoc.json()).toMatchObject({ code: 413, message: ASSISTANT_MSG.documentTooLarge });
    expect(ASSISTANT_MSG.documentTooLarge).toBe('文档大小不能超过50MB');
    // the image limit is the image kind's, whatever the document limit is
    expect(
      (await send(student.token, '大图.jpg', Buffer.concat([SAMPLES.jpeg, Buffer.alloc(11 * MB)])))
        .statusCode,
    ).toBe(413);
    expect(await storedOf(student.user.id)).toBe(0);
    const exact = await uploaded(
      student.token,
      '刚好.png',
      bigImage.subarray(0, ASSISTANT_LIMITS.imageMaxBytes),
    );
    expect(exact).toMatchObject({ kind: 'image', status: 'Ready', size: 10 * MB });
  });

  it('asks for sign-in (401), a student or teacher (403), and a file (400)', async () => {
    const pdf = await chinesePdf();
    expect((await send(null, '讲义.pdf', pdf)).statusCode).toBe(401);
    const company = await buildSignedInMember(t.db, { identityType: 'Business' });
    const asCompany = await send(company.token, '讲义.pdf', pdf);
    expect(asCompany.statusCode).toBe(403);
    expect(asCompany.json().message).toBe(ASSISTANT_MSG.noPermission);
    const loner = await buildUser(t.db);
    const { token } = await tokenFor(t.db, loner.id);
    expect((await send(token, '讲义.pdf', pdf)).statusCode).toBe(403);
    const student = await buildSignedInMember(t.db);
    const none = multipart(null);
    const noFile = await t.app.inject({
      method: 'POST',
      url: U,
      payload: none.payload,
      headers: { ...none.headers, 'x-access-token': student.token },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(FILES_MSG.required);
    const empty = await send(student.token, '空.pdf', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(FILES_MSG.required);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: U,
      payload: { file: 'x' },
      headers: { 'x-access-token': student.token },
    });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().message).toBe(FILES_MSG.required);
  });

  it('readAssistantFiles: the actor’s own files in the order given, text cut to fileChars', async () => {
    const student = await buildSignedInMember(t.db);
    const long = `${'极限'.repeat(15_000)}`; // 30000 characters
    const csv = await uploaded(student.token, '长.csv', Buffer.from(long));
    const pdf = await uploaded(student.token, '讲义.pdf', await chinesePdf());
    const scanned = await uploaded(student.token, '扫描件.pdf', await scannedPdf());
    const image = await uploaded(student.token, '板书.png', png(4, 4));
    const actor = { userId: student.user.id };

    const read = await readAssistantFiles({
      db: t.db,
      actor,
      fileIds: [pdf.fileId, csv.fileId, scanned.fileId, image.fileId, pdf.fileId],
    });
    expect(read.map((file) => file.fileId)).toEqual([pdf.fileId, csv.fileId, scanned.fileId, image.fileId]);
    expect(read[0]).toMatchObject({ name: '讲义.pdf', kind: 'document', status: 'Ready', message: null });
    expect(read[0]?.text).toContain('第二章 导数与微分');
    expect(read[1]?.chars).toBe(30_000);
    expect(read[1]?.text).toBe(long.slice(0, ASSISTANT_LIMITS.fileChars));
    expect(read[2]).toMatchObject({
      status: 'Failed',
      text: '',
      message: `文件「扫描件.pdf」无法读取内容：${EXTRACT_REASONS.scanned}`,
    });
    expect(read[3]).toMatchObject({
      kind: 'image',
      status: 'Ready',
      text: '',
      message: ASSISTANT_MSG.imageTextOnly,
    });
    expect(await readAssistantFiles({ db: t.db, actor, fileIds: [] })).toEqual([]);
  });

  it('readAssistantFiles refuses another user’s file, an unknown id and a file not given to the assistant', async () => {
    const owner = await buildSignedInMember(t.db);
    const stranger = await buildSignedInMember(t.db);
    const file = await uploaded(owner.token, '讲义.pdf', await chinesePdf());
    const mine = await uploaded(stranger.token, '我的.csv', Buffer.from('a,b\n'));
    const refused = (fileIds: number[]) =>
      readAssistantFiles({ db: t.db, actor: { userId: stranger.user.id }, fileIds });
    for (const ids of [[file.fileId], [mine.fileId, file.fileId], [987_654_321]]) {
      const error = await refused(ids).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 400, message: FILES_MSG.notUsable });
    }
    // a file of the files area uploaded for another purpose is no assistant file
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload?purpose=assistantDocument',
      ...(() => {
        const body = multipart({ name: 'x.csv', bytes: Buffer.from('a,b\n') });
        return { payload: body.payload, headers: { ...body.headers, 'x-access-token': stranger.token } };
      })(),
    });
    expect(other.statusCode).toBe(200);
    await expect(refused([other.json().data.id])).rejects.toMatchObject({ code: 400 });
    expect(await refused([mine.fileId])).toHaveLength(1);
  });
});
