import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/client';
import { companyOfUser } from '../modules/employer/employer.service';
import { storeFileBytes } from '../modules/files/files.service';
import {
  findOrganisationIdByCode,
  insertOpenCourse,
  insertSession,
  insertSubscription,
  replaceLecturers,
  replacePartners,
  updateOpenCourse,
} from '../modules/open-classes/open-classes.repo';
import { findUserByUsername } from '../modules/users/users.service';
import type { FileStore } from '../storage';

/*
 * Demo open classes (issue 12): business01's company publishes a video course (the 30 s demo video, stored
 * as business01's upload), a single live tomorrow and a series of three sessions (one over with its playback,
 * one living now, one next week), with 优加示范大学 as partner school and lecturers. student02 subscribes to
 * two; student01 has none (the walk-through subscribes).
 */

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');
const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Keeps an asset as a file uploaded by `ownerId` (through the files area, with an upload's checks). */
const storeAsset = async (
  db: Db,
  storage: FileStore,
  opts: { ownerId: number; asset: string; purpose: 'video' | 'poster'; name: string; now: Date },
) =>
  storeFileBytes(
    { db, storage, now: () => opts.now },
    {
      ownerId: opts.ownerId,
      purpose: opts.purpose,
      name: opts.name,
      bytes: await readFile(path.join(ASSETS, opts.asset)),
    },
  );

export const seedDemoOpenClasses = async (opts: { db: Db; storage: FileStore; now: Date }) => {
  const { db, storage } = opts;
  const business = await findUserByUsername({ db, username: 'business01' });
  const company = business ? await companyOfUser({ db, userId: business.id }) : null;
  if (!business || !company) return;
  const schoolId = await findOrganisationIdByCode(db, 'UPLUS-C001');
  const now = opts.now.getTime();

  const video = await storeAsset(db, storage, {
    ownerId: business.id,
    asset: 'demo-open-class.mp4',
    purpose: 'video',
    name: '求职第一课.mp4',
    now: opts.now,
  });
  const poster = await storeAsset(db, storage, {
    ownerId: business.id,
    asset: 'demo-open-class-poster.jpg',
    purpose: 'poster',
    name: '课程海报.jpg',
    now: opts.now,
  });

  const course = async (values: {
    name: string;
    liveMode: 'SingleLive' | 'SeriesLive' | 'Video';
    classifyCode: string;
    industryCode: string;
    introduction: string;
    lecturers: { name: string; title: string; introduction: string }[];
    sessions: {
      title: string;
      startAt?: number;
      endAt?: number;
      videoFileId?: number;
      durationSeconds?: number;
    }[];
    publishedAgo: number;
  }) => {
    const starts = values.sessions.map((s) => s.startAt).filter((s): s is number => s !== undefined);
    const row = await insertOpenCourse(db, {
      organiserId: business.id,
      companyId: company.id,
      name: values.name,
      liveMode: values.liveMode,
      classifyCode: values.classifyCode,
      industryCode: values.industryCode,
      posterFileId: poster.id,
      introduction: values.introduction,
      startAt: new Date(starts.length ? Math.min(...starts) : now - values.publishedAgo),
    });
    await replaceLecturers(
      db,
      row.id,
      values.lecturers.map((l) => ({ ...l, avatarFileId: null })),
    );
    await replacePartners(db, row.id, schoolId ? [schoolId] : [], [company.id]);
    for (const s of values.sessions)
      await insertSession(db, row.id, {
        title: s.title,
        startAt: s.startAt === undefined ? null : new Date(s.startAt),
        endAt: s.endAt === undefined ? null : new Date(s.endAt),
        videoFileId: s.videoFileId ?? null,
        hlsUrl: null,
        durationSeconds: s.durationSeconds ?? 0,
      });
    const publishedAt = new Date(now - values.publishedAgo);
    await updateOpenCourse(db, row.id, { status: 'Online', publishedAt, updatedAt: publishedAt });
    return row;
  };

  const lecturer = {
    name: '王敏',
    title: '优加信息技术有限公司 人力资源总监',
    introduction: '十余年校园招聘与人才培养经验，帮助上千名大学生完成从校园到职场的过渡。',
  };
  const videoCourse = await course({
    name: '求职第一课：简历与面试',
    liveMode: 'Video',
    classifyCode: 'JobSkills',
    industryCode: 'InternetIT',
    introduction: '从一份简历到一场面试：企业招聘官讲清楚筛选简历的标准和面试中的常见问题。',
    lecturers: [lecturer],
    sessions: [{ title: '简历怎么写', videoFileId: video.id, durationSeconds: 30 }],
    publishedAgo: 3 * DAY,
  });
  const tomorrow = Math.ceil((now + DAY) / HOUR) * HOUR;
  await course({
    name: '人工智能行业认知公开课',
    liveMode: 'SingleLive',
    classifyCode: 'IndustryInsight',
    industryCode: 'ArtificialIntelligence',
    introduction: '大模型时代的岗位地图：哪些岗位在增加，需要哪些能力。',
    lecturers: [{ name: '陈晨', title: '算法工程师', introduction: '负责企业大模型应用落地。' }],
    sessions: [{ title: 'AI 岗位地图', startAt: tomorrow, endAt: tomorrow + 1.5 * HOUR }],
    publishedAgo: 2 * DAY,
  });
  const series = await course({
    name: '职业规划系列直播',
    liveMode: 'SeriesLive',
    classifyCode: 'CareerPlanning',
    industryCode: 'InternetIT',
    introduction: '三场直播，从认识自己到选择行业，再到制定第一年的职业计划。',
    lecturers: [lecturer, { name: '刘洋', title: '职业规划师', introduction: '国家二级职业指导师。' }],
    sessions: [
      {
        title: '第一讲：认识自己',
        startAt: now - 7 * DAY,
        endAt: now - 7 * DAY + HOUR,
        videoFileId: video.id,
        durationSeconds: 30,
      },
      { title: '第二讲：选择行业', startAt: now - 30 * 60_000, endAt: now + 90 * 60_000 },
      { title: '第三讲：第一年的计划', startAt: now + 7 * DAY, endAt: now + 7 * DAY + HOUR },
    ],
    publishedAgo: 8 * DAY,
  });

  const student02 = await findUserByUsername({ db, username: 'student02' });
  if (student02) {
    await insertSubscription(db, student02.id, series.id, new Date(now - 6 * DAY));
    await insertSubscription(db, student02.id, videoCourse.id, new Date(now - DAY));
  }
};
