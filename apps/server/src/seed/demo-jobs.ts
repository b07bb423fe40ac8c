import { randomBytes } from 'node:crypto';
import {
  careerTalkBody,
  companyBody,
  competitionBody,
  type IdentityType,
  jobFairBody,
  occupationBody,
} from '@uplus/shared';
import type { Db } from '../db/client';
import * as competitions from '../modules/competitions/competitions.service';
import * as employer from '../modules/employer/employer.service';
import * as favourites from '../modules/favourites/favourites.service';
import * as applications from '../modules/jobs/applications.service';
import * as delivery from '../modules/jobs/delivery.service';
import * as occupations from '../modules/jobs/occupations.service';
import * as programs from '../modules/jobs/programs.service';
import * as fairs from '../modules/reservations/fairs.service';
import * as reservations from '../modules/reservations/reservations.service';
import * as talks from '../modules/reservations/talks.service';
import { resumeOf } from '../modules/resume/resume.service';
import type { Actor } from '../modules/sessions/actor';
import { createSecrets } from '../modules/system/secrets';
import type { FileStore } from '../storage';

/*
 * Demo career data (issue 14), written through the services the pages call, as the people would:
 * business01 completes the company profile, posts five positions (four online), opens its current
 * internship group as a programme with two positions, publishes an online career talk and a past offline
 * one, and a job fair it takes part in; teacher01 publishes a team competition. student02 favourites a
 * position and the company, reserves the talk, delivers the online resume to two positions; business01
 * opens one and invites student02 to an interview (unread: 面试 shows a badge). student01 is left
 * untouched: the new job seeker who finds all this and delivers for the first time.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Person = { id: number; username: string; name: string };

/** Who asks, as a session of this person acting in a membership of `role` would be. */
const actorOf = (p: Person, role: IdentityType): Actor =>
  ({
    userId: p.id,
    username: p.username,
    name: p.name,
    membership: { role } as Actor['membership'],
  }) as Actor;

export const DEMO_JOBS = {
  frontEnd: '前端开发工程师（2027届校招）',
  backEnd: 'Java后端开发工程师',
  testIntern: '测试开发实习生',
  algorithm: '算法工程师',
  draft: '产品经理助理',
  talk: '优加科技2027届校园招聘宣讲会',
  pastTalk: '优加科技技术开放日',
  fair: '2027届春季校园双选会',
  competition: '第三届优加软件创新大赛',
} as const;

export const seedDemoJobs = async (opts: {
  db: Db;
  storage: FileStore;
  now: Date;
  business: Person;
  teacher: Person;
  student02: Person;
  internshipGroupId: number;
}) => {
  const { db, now } = opts;
  // The services answer with signed addresses; the seed discards the answers, so a throwaway key signs them.
  const ctx = {
    db,
    storage: opts.storage,
    secrets: createSecrets(randomBytes(32).toString('hex')),
    now: () => now,
    config: {
      storage: { kind: 'local' as const, dir: '', urlTtlSeconds: 3600 },
      maps: { tileUrl: undefined, attribution: undefined, geocodeUrl: undefined },
      live: {
        playUrl: undefined,
        pushUrl: undefined,
        authKey: undefined,
        chatUrl: undefined,
        chatSecret: undefined,
        tokenTtlSeconds: 3600,
      },
      documents: {
        pdfFonts: { regular: { path: '', family: '' }, bold: { path: '', family: '' } },
        sofficePath: undefined,
      },
    },
  };
  const business = actorOf(opts.business, 'Business');
  const teacher = actorOf(opts.teacher, 'Teacher');
  const student = actorOf(opts.student02, 'Student');

  const company = await employer.companyOfUser({ db, userId: opts.business.id });
  if (!company) throw new Error('business01 has no company');
  await employer.saveMyCompany({
    ctx,
    actor: business,
    body: companyBody.parse({
      name: company.name,
      introduction: company.introduction,
      logoFileId: company.logoFileId,
      nickname: '优加科技',
      financingRound: 'RoundB',
      industry: 'Software',
      scale: 'From100To499',
    }),
  });

  const post = async (body: Parameters<typeof occupationBody.parse>[0], online: boolean) => {
    const made = await occupations.createMyOccupation({
      ctx,
      actor: business,
      body: occupationBody.parse(body),
    });
    if (online)
      await occupations.setMyOccupationOnline({ db, actor: business, id: Number(made.id), online, now });
    return Number(made.id);
  };
  const frontEnd = await post(
    {
      name: DEMO_JOBS.frontEnd,
      jobNature: 'FullTime',
      minSalary: 12,
      maxSalary: 20,
      cityCode: '330100',
      degree: 'Bachelor',
      skills: 'React,TypeScript,CSS',
      description:
        '负责教育平台 Web 端的功能开发与体验优化：\n1. 与产品、设计协作完成需求开发；\n2. 建设组件库与前端工程化；\n3. 关注性能与可访问性。',
      address: '杭州市西湖区文三路 90 号',
    },
    true,
  );
  const backEnd = await post(
    {
      name: DEMO_JOBS.backEnd,
      jobNature: 'FullTime',
      minSalary: 15,
      maxSalary: 25,
      cityCode: '330100',
      degree: 'Bachelor',
      skills: 'Java,Spring Boot,PostgreSQL',
      description: '参与课程、实训与招聘业务的服务端设计与开发，保障系统的稳定与可扩展。',
      address: '杭州市西湖区文三路 90 号',
    },
    true,
  );
  await post(
    {
      name: DEMO_JOBS.testIntern,
      jobNature: 'Internship',
      minSalary: 4,
      maxSalary: 6,
      cityCode: '440300',
      degree: 'College',
      skills: '自动化测试,Python',
      description: '参与自动化测试用例的编写与维护，每周至少实习 4 天，可转正。',
      address: '深圳市南山区科技园',
    },
    true,
  );
  await post(
    {
      name: DEMO_JOBS.algorithm,
      jobNature: 'FullTime',
      minSalary: 999,
      maxSalary: 999,
      cityCode: '110100',
      degree: 'Master',
      skills: '机器学习,推荐系统',
      description: '负责学习路径推荐与智能评测相关算法的研发与落地。',
      address: '北京市海淀区中关村大街 1 号',
    },
    true,
  );
  await post(
    {
      name: DEMO_JOBS.draft,
      jobNature: 'FullTime',
      minSalary: 8,
      maxSalary: 12,
      cityCode: '330100',
      degree: 'Bachelor',
      description: '协助产品经理完成需求调研与原型设计。',
    },
    false,
  );

  // the current internship group becomes a programme students apply to
  for (const [name, skills] of [
    ['前端开发实习生', 'React,TypeScript'],
    ['后端开发实习生', 'Java,SQL'],
  ] as const) {
    await programs.createInternOccupation({
      ctx,
      actor: business,
      groupId: opts.internshipGroupId,
      body: occupationBody.parse({
        name,
        jobNature: 'Internship',
        minSalary: 3,
        maxSalary: 5,
        cityCode: '330100',
        degree: 'Bachelor',
        skills,
        description: '在导师指导下参与真实项目的开发，完成实习计划的各个阶段。',
        address: '杭州市西湖区文三路 90 号',
      }),
    });
  }
  await programs.setRecruitment({
    ctx,
    actor: business,
    groupId: opts.internshipGroupId,
    body: { recruitState: 'Online' },
  });

  const talk = await talks.createTalk({
    ctx,
    actor: business,
    body: careerTalkBody.parse({
      subject: DEMO_JOBS.talk,
      mode: 'Online',
      startTimestamp: now.getTime() + 3 * DAY,
      endTimestamp: now.getTime() + 3 * DAY + 2 * HOUR,
      description: '介绍公司业务、2027届校招岗位与培养计划，并在线答疑。',
    }),
  });
  await talks.createTalk({
    ctx,
    actor: business,
    body: careerTalkBody.parse({
      subject: DEMO_JOBS.pastTalk,
      mode: 'Offline',
      startTimestamp: now.getTime() - 20 * DAY,
      endTimestamp: now.getTime() - 20 * DAY + 2 * HOUR,
      place: '优加示范大学 图书馆报告厅',
      description: '走进研发团队，了解真实的软件工程实践。',
    }),
  });
  const fair = await fairs.createFair({
    ctx,
    actor: business,
    body: jobFairBody.parse({
      subject: DEMO_JOBS.fair,
      mode: 'Offline',
      startTimestamp: now.getTime() + 10 * DAY,
      endTimestamp: now.getTime() + 10 * DAY + 6 * HOUR,
      place: '优加示范大学 体育馆',
      description: '面向 2027 届毕业生的综合类双选会，欢迎各专业同学参加。',
    }),
  });
  await fairs.joinFair({
    ctx,
    actor: business,
    id: String(fair.id),
    body: { occupationIds: [String(frontEnd), String(backEnd)] },
  });

  await competitions.createCompetition({
    ctx,
    actor: teacher,
    body: competitionBody.parse({
      name: DEMO_JOBS.competition,
      organizer: '优加示范大学 计算机学院',
      description: '以团队形式完成一个面向真实场景的软件作品，赛程包括报名、初赛作品提交与决赛答辩。',
      mode: 'Group',
      maxTeamSize: 5,
      applyStartAt: now.getTime() - 7 * DAY,
      applyEndAt: now.getTime() + 30 * DAY,
      endAt: now.getTime() + 60 * DAY,
      tracks: [{ name: 'Web应用' }, { name: '人工智能' }],
      areas: [{ name: '华东赛区' }, { name: '华南赛区' }],
    }),
  });

  // student02: favourites, a reservation, two deliveries; business01 answers one
  await favourites.addFavourite({
    db,
    actor: student,
    body: { targetId: String(frontEnd), targetType: 'Occupation' },
  });
  await favourites.addFavourite({
    db,
    actor: student,
    body: { targetId: String(company.id), targetType: 'Company' },
  });
  await reservations.reserve({
    ctx,
    actor: student,
    body: { targetType: 'CareerTalk', targetId: String(talk.id) },
  });
  const online = await resumeOf({ db, actor: student, now });
  const deliver = (occupationId: number) =>
    delivery.createDelivery({
      db,
      actor: student,
      now,
      body: {
        campusRecruitMode: 'Recruitment',
        resumeType: 'Online',
        resumeId: String(online.id),
        occupationId: String(occupationId),
      },
    });
  await deliver(frontEnd);
  const delivered = await deliver(backEnd);
  await applications.openResume({ ctx, actor: business, id: Number(delivered.id) });
  await applications.sendFeedback({
    ctx,
    actor: business,
    id: Number(delivered.id),
    body: {
      type: 'Interview',
      startAt: now.getTime() + 4 * DAY + 6 * HOUR,
      respondBy: now.getTime() + 3 * DAY,
      contactPerson: '张伟',
      mobile: '13812345678',
      place: '杭州市西湖区文三路 90 号 优加科技 3 楼会议室',
      notice: '请携带纸质简历与学生证，面试约 60 分钟（技术面 + HR 面）。',
    },
  });
};
