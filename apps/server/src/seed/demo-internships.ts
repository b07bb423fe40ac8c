import type { Db } from '../db/client';
import * as internships from '../modules/internships/internships.service';

/*
 * Demo internships (issue 12): business01's company runs 2026春季软件研发实习计划 (underway, invite code
 * UPLUS2026, stages 入职培训 open to all, 项目实战 granted per member, 结项答辩 locked) and the finished
 * 2025秋季测试开发实习计划, of which student02 was a member (a finished group's member: certificates can be
 * issued to them). student01 is in none: they join UPLUS2026 themselves.
 */

const DAY = 86_400_000;

export const DEMO_INVITE_CODE = 'UPLUS2026';
export const DEMO_INTERNSHIPS = {
  current: '2026春季软件研发实习计划',
  finished: '2025秋季测试开发实习计划',
} as const;

export const seedDemoInternships = async (opts: {
  db: Db;
  companyId: number;
  organiserId: number;
  student02Id: number;
  now: Date;
}) => {
  const { db } = opts;
  const now = opts.now.getTime();
  const current = await internships.createGroupRecord(db, {
    companyId: opts.companyId,
    organiserId: opts.organiserId,
    name: DEMO_INTERNSHIPS.current,
    description:
      '面向软件工程专业学生的企业实习：入职培训、真实项目实战与结项答辩，表现优秀者可获得实习证书。',
    startAt: new Date(now - 30 * DAY),
    endAt: new Date(now + 90 * DAY),
  });
  await internships.createStageRecord(db, current.id, {
    name: '入职培训',
    description: '了解公司的研发流程、代码规范与协作工具，完成开发环境的搭建。',
    openToAll: true,
    tasks: [
      { title: '阅读研发规范手册', content: '通读《研发规范手册》，重点关注分支管理与代码评审流程。' },
      { title: '搭建开发环境', content: '安装 Node.js 22、Git 与 VS Code，克隆示例项目并成功运行。' },
      { title: '提交第一个合并请求', content: '修复示例项目中的一个标注为“入门”的问题，并发起合并请求。' },
    ],
  });
  await internships.createStageRecord(db, current.id, {
    name: '项目实战',
    description: '在导师指导下参与真实项目的需求开发，按迭代交付功能。',
    openToAll: false,
    tasks: [
      { title: '需求评审', content: '参加迭代需求评审会，整理负责模块的需求要点。' },
      { title: '功能开发与自测', content: '完成所负责功能的开发与单元测试。' },
    ],
  });
  await internships.createStageRecord(db, current.id, {
    name: '结项答辩',
    description: '汇报实习成果，由企业导师评定实习成绩。',
    openToAll: false,
    tasks: [{ title: '准备答辩材料', content: '整理实习期间的工作成果，制作答辩演示文稿。' }],
  });
  await internships.createInviteCodeRecord(db, current.id, { code: DEMO_INVITE_CODE });

  const finished = await internships.createGroupRecord(db, {
    companyId: opts.companyId,
    organiserId: opts.organiserId,
    name: DEMO_INTERNSHIPS.finished,
    description: '测试开发方向的企业实习：测试基础、自动化测试实践。',
    startAt: new Date(now - 240 * DAY),
    endAt: new Date(now - 120 * DAY),
  });
  await internships.createStageRecord(db, finished.id, {
    name: '测试基础',
    description: '测试用例设计方法与缺陷管理。',
    openToAll: true,
    tasks: [{ title: '编写测试用例', content: '为登录模块设计等价类与边界值测试用例。' }],
  });
  await internships.createStageRecord(db, finished.id, {
    name: '自动化测试实践',
    description: '使用 Playwright 为 Web 应用编写端到端测试。',
    openToAll: true,
    tasks: [{ title: '编写端到端测试', content: '为下单流程编写一条端到端测试并接入持续集成。' }],
  });
  const code = await internships.createInviteCodeRecord(db, finished.id);
  await internships.addMemberRecord(db, {
    groupId: finished.id,
    userId: opts.student02Id,
    occupationName: '测试开发实习生',
    inviteCodeId: code.id,
    joinedAt: new Date(now - 239 * DAY),
  });
  await internships.finishGroupRecord(db, finished.id, new Date(now - 120 * DAY));
  return { current, finished };
};
