import { monthStart } from '@uplus/shared';
import type { Db } from '../db/client';
import type { FileUrlContext } from '../modules/files/files.service';
import { putMemberProfile } from '../modules/member-profile/member-profile-career.service';
import * as resume from '../modules/resume/resume.service';
import type { Actor } from '../modules/sessions/actor';

/*
 * Demo resume (issue 13): student02 (赵雨涵) has a filled online resume, written through the same services
 * the resume page calls (every rule of spec 5 applies), so 我的简历, 预览简历 and 导出PDF show a real one.
 * student01 starts with an empty resume: the one a new user fills.
 */

const month = (year: number, m: number) => monthStart(Date.UTC(year, m - 1, 1));

export const seedDemoResume = async (opts: {
  ctx: Pick<FileUrlContext, 'db' | 'now'>;
  student: { id: number; username: string; name: string };
}) => {
  const { ctx } = opts;
  const db: Db = ctx.db;
  const now = ctx.now();
  // the services read only who asks (their own profile and resume)
  const actor = {
    userId: opts.student.id,
    username: opts.student.username,
    name: opts.student.name,
  } as Actor;

  await putMemberProfile({
    ctx,
    actor,
    body: {
      name: opts.student.name,
      birthday: Date.UTC(2004, 4, 16),
      sex: 'Female',
      email: 'zhaoyuhan@uplus-demo.cn',
      mobile: '13912345678',
      domicileProvinceCode: '330000',
      domicileCityCode: '330100',
    },
  });
  await putMemberProfile({
    ctx,
    actor,
    body: {
      standardOccupationCodes: ['2-02-10'],
      cityCodes: ['330100', '440300'],
      minSalary: 8,
      maxSalary: 12,
    },
  });

  const online = await resume.resumeOf({ db, actor, now });
  await resume.saveEvaluation({
    db,
    actor,
    now,
    id: online.id,
    body: {
      strength:
        '熟悉 Java、TypeScript 与常用数据结构，能独立完成前后端小型项目。\n做事细致，乐于沟通，有良好的团队协作习惯。',
      evaluation: '热爱软件开发，学习能力强，能快速上手新技术；希望在实践中持续成长，成为一名可靠的工程师。',
    },
  });
  const create = <K extends 'internship' | 'society' | 'award' | 'language'>(
    section: K,
    body: Parameters<typeof resume.createSectionRow<K>>[0]['body'],
  ) => resume.createSectionRow({ db, actor, now, section, body });
  await create('internship', {
    resumeId: online.id,
    companyName: '优加信息技术有限公司',
    occupationName: '软件测试实习生',
    inauguralAt: month(2025, 7),
    resignAt: month(2025, 9),
    description: '参与教学平台的接口测试与自动化脚本编写，整理测试用例 120 余条，发现并跟进缺陷 30 余个。',
  });
  await create('society', {
    resumeId: online.id,
    societyName: '校程序设计协会',
    occupationName: '技术部干事',
    startAt: month(2024, 10),
    endAt: month(2025, 6),
    description: '组织每周算法分享会，协助举办校内程序设计竞赛。',
  });
  await create('award', { resumeId: online.id, name: '校级程序设计竞赛二等奖', awardedAt: month(2025, 5) });
  await create('language', { resumeId: online.id, language: '英语（CET-6）', proficiencyLevel: 'Good' });
};
