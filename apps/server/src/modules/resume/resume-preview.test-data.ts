import { crc32, deflateSync } from 'node:zlib';
import { monthStart } from '@uplus/shared';
import type { Db } from '../../db/client';
import {
  divisionCatalog,
  majorCatalog,
  memberCities,
  memberIntentions,
  memberProfiles,
  occupationCatalog,
  resumeOnlineAwards,
  resumeOnlineEducations,
  resumeOnlineInternships,
  resumeOnlineLanguages,
  resumeOnlineSocieties,
  resumeOnlines,
  schoolCatalog,
} from '../../db/schema';
import type { FileUrlContext } from '../files/files.service';
import { storeFileBytes } from '../files/files.service';

/*
 * Test data of the preview (tests and bench/resume-pdf.ts): a full resume written straight into the tables,
 * as the section calls and the member profile would have left it. The texts use a wide spread of Chinese
 * characters and full-width punctuation, so a wrong glyph or a lost character shows in the extracted text.
 */

const month = (year: number, m: number) => new Date(monthStart(Date.UTC(year, m - 1, 15)));

/** A real PNG (`size` square, one colour with a darker border): what the avatar cropper uploads. */
export const samplePng = (size = 96, rgb: [number, number, number] = [64, 120, 200]) => {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const edge = x < 4 || y < 4 || x >= size - 4 || y >= size - 4;
      row.set(
        rgb.map((c) => (edge ? c >> 1 : c)),
        1 + x * 3,
      );
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** The texts of the full resume, to find again in the preview and in the PDF's extracted text. */
export const FULL_RESUME = {
  name: '欧阳晓雯',
  mobile: '13812345678',
  email: 'xiaowen.ouyang@example.cn',
  school: { code: 'T-PREVIEW-10001', name: '北京大学' },
  major: { code: 'T-PREVIEW-080902', name: '软件工程' },
  otherSchool: { code: 'T-PREVIEW-10003', name: '清华大学', major: '计算机科学与技术' },
  occupation: { code: 'T-PREVIEW-2-02-10-03', name: '软件工程技术人员' },
  city: { code: 'T-PREVIEW-330100', name: '杭州市' },
  strength:
    '熟悉 TypeScript、React 与 PostgreSQL，能独立完成“需求—设计—上线”的全过程。\n擅长把复杂问题拆解为可验证的小步骤；乐于沟通，善于协作。',
  internships: [
    {
      companyName: '杭州云栖数据科技有限公司',
      occupationName: '后端开发实习生',
      description:
        '负责招聘平台简历模块的接口设计与实现，日均处理请求逾十万次。\n用 Fastify 与 drizzle 重写查询层，P95 延迟由 320ms 降至 85ms。',
      from: month(2025, 7),
      to: month(2025, 12),
    },
    {
      companyName: '深圳鹏城智能研究院',
      occupationName: '数据标注与质检',
      description: '参与中文古籍《齐民要术》语料的整理、校对与标注，累计审校约四万字。',
      from: month(2024, 7),
      to: month(2024, 9),
    },
  ],
  societies: [
    {
      societyName: '未名编程社',
      occupationName: '社长',
      description: '组织每周算法讨论会，带领二十余名同学参加蓝桥杯与 ICPC 区域赛，获银奖两项。',
      from: month(2023, 9),
      to: month(2025, 6),
    },
  ],
  awards: [
    { name: '全国大学生数学建模竞赛一等奖', at: month(2024, 11) },
    { name: '国家奖学金', at: month(2023, 10) },
  ],
  languages: [
    { language: '英语（CET-6）', level: 'Skillful', title: '熟练' },
    { language: '粤语', level: 'General', title: '一般' },
  ],
  evaluation:
    '性格沉稳、踏实肯干，对技术保持好奇心；遇到困难时不轻言放弃。\n相信“慢即是快”，重视代码质量与可维护性。',
} as const;

/** Makes the catalogue rows the full resume names (idempotent; the lookups' loader may add the rest). */
const ensureCatalogues = async (db: Db) => {
  const r = FULL_RESUME;
  await db
    .insert(schoolCatalog)
    .values([
      { code: r.school.code, name: r.school.name },
      { code: r.otherSchool.code, name: r.otherSchool.name },
    ])
    .onConflictDoNothing();
  await db.insert(majorCatalog).values({ code: r.major.code, name: r.major.name }).onConflictDoNothing();
  await db
    .insert(occupationCatalog)
    .values({ code: r.occupation.code, name: r.occupation.name, parentCode: 'T-PREVIEW', level: 3 })
    .onConflictDoNothing();
  await db
    .insert(divisionCatalog)
    .values({ code: r.city.code, name: r.city.name, parentCode: 'T-PREVIEW', level: 2, letter: 'H' })
    .onConflictDoNothing();
};

/**
 * Fills `userId`'s resume with FULL_RESUME: profile (personal, first education, intention, avatar when
 * `files` is given), strength, evaluation, one more education and every section. `repeat` copies each
 * internship and society that many times (long resumes for page breaks and the bench). Returns the
 * resume's id.
 */
export const fillFullResume = async (
  db: Db,
  userId: number,
  options: { files?: Pick<FileUrlContext, 'db' | 'storage' | 'now'>; repeat?: number } = {},
) => {
  const r = FULL_RESUME;
  await ensureCatalogues(db);
  const portrait = options.files
    ? await storeFileBytes(options.files, {
        ownerId: userId,
        purpose: 'memberMaterial',
        name: 'avatar.png',
        bytes: samplePng(),
      })
    : null;
  const profile = {
    name: r.name,
    sex: 'Female',
    birthday: new Date(Date.UTC(2003, 4, 20)),
    degree: 'Master',
    schoolCode: r.school.code,
    majorCode: r.major.code,
    enrolmentAt: month(2024, 9),
    graduateAt: month(2027, 6),
    gradingRank: 'Top10',
    portraitFileId: portrait?.id ?? null,
    email: r.email,
    mobile: r.mobile,
    politicalStatus: 'CommunistPartyMember',
    minSalary: 15,
    maxSalary: 25,
    status: 'Seeking',
  };
  await db
    .insert(memberProfiles)
    .values({ userId, ...profile })
    .onConflictDoUpdate({ target: memberProfiles.userId, set: profile });
  await db
    .insert(memberIntentions)
    .values({ userId, standardOccupationCode: r.occupation.code, position: 0 })
    .onConflictDoNothing();
  await db.insert(memberCities).values({ userId, cityCode: r.city.code, position: 0 }).onConflictDoNothing();

  const [resume] = await db
    .insert(resumeOnlines)
    .values({ userId, strength: r.strength, evaluation: r.evaluation })
    .onConflictDoUpdate({
      target: resumeOnlines.userId,
      set: { strength: r.strength, evaluation: r.evaluation },
    })
    .returning({ id: resumeOnlines.id });
  const resumeId = resume?.id as number;
  await db.insert(resumeOnlineEducations).values({
    resumeId,
    schoolCode: r.otherSchool.code,
    schoolName: r.otherSchool.name,
    majorCode: r.major.code,
    majorName: r.otherSchool.major,
    degree: 'Bachelor',
    enrolmentAt: month(2020, 9),
    graduateAt: month(2024, 6),
    gradingRank: 'Top30',
  });
  const repeat = options.repeat ?? 1;
  for (let i = 0; i < repeat; i += 1) {
    await db.insert(resumeOnlineInternships).values(
      r.internships.map((w) => ({
        resumeId,
        companyName: w.companyName,
        occupationName: w.occupationName,
        description: w.description,
        inauguralAt: w.from,
        resignAt: w.to,
      })),
    );
    await db.insert(resumeOnlineSocieties).values(
      r.societies.map((s) => ({
        resumeId,
        societyName: s.societyName,
        occupationName: s.occupationName,
        description: s.description,
        startAt: s.from,
        endAt: s.to,
      })),
    );
  }
  await db
    .insert(resumeOnlineAwards)
    .values(r.awards.map((a) => ({ resumeId, name: a.name, awardedAt: a.at })));
  await db
    .insert(resumeOnlineLanguages)
    .values(r.languages.map((l) => ({ resumeId, language: l.language, proficiencyLevel: l.level })));
  return resumeId;
};
