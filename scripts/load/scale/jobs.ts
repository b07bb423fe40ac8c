// Companies (through the employer service) with their business users and positions, the students'
// deliveries of their online resumes, and the companies' feedback on them (invitations and 不合适, each
// with the message the applications service sends the seeker).
import { COMPANY_SCALES, FINANCING_ROUNDS, INDUSTRIES, INVITATION_TITLES } from '@uplus/shared';
import type { Db } from '../../../apps/server/src/db/client';
import {
  deliveryFeedbacks,
  deliveryRecords,
  messages,
  recruitmentOccupations,
} from '../../../apps/server/src/db/schema';
import { updateCompany } from '../../../apps/server/src/modules/employer/employer.repo';
import { createCompany } from '../../../apps/server/src/modules/employer/employer.service';
import { divisionNamesOf } from '../../../apps/server/src/modules/member-profile/member-profile.catalog';
import type { People } from './people';
import type { ScaleSpec } from './spec';
import { chunks, daysBefore, insertAll, pick, rand } from './util';

const DAY = 86_400_000;
const HOUR = 3_600_000;

const CITIES = ['310100', '110100', '440300', '330100', '440100', '320500', '510100', '420100'];
const POSITIONS = [
  ['Java开发工程师', 'Java,Spring,MySQL'],
  ['前端开发工程师', 'React,TypeScript,CSS'],
  ['测试开发工程师', 'Python,自动化测试'],
  ['算法工程师', 'Python,机器学习'],
  ['数据分析师', 'SQL,Python,统计'],
  ['运维开发工程师', 'Linux,Docker,Kubernetes'],
  ['产品经理', '需求分析,原型设计'],
  ['嵌入式软件工程师', 'C,RTOS'],
  ['Go开发工程师', 'Go,分布式系统'],
  ['Android开发工程师', 'Kotlin,Android'],
] as const;
const COMPANY_WORDS = ['云帆', '星河', '远景', '智联', '数科', '启明', '海纳', '青藤', '鼎新', '未来'];

export type Company = { id: number; name: string; userId: number; number: number };
export type Position = { id: number; companyNumber: number; name: string };

/**
 * Companies 1..n, each made by `createCompany` for its business user (company 1: ld-b0001), with the
 * profile fields a company fills in, and their positions: most online (approved over the last months),
 * one in ten offline; company 1 has `bigCompanyPositions`.
 */
export const createCompanies = async (db: Db, spec: ScaleSpec, people: People, now: Date) => {
  const companies: Company[] = [];
  for (let n = 1; n <= spec.companies; n++) {
    const name = `${pick(COMPANY_WORDS, n, 1)}${pick(COMPANY_WORDS, n, 2)}科技（规模${n}）有限公司`;
    const company = await createCompany({
      db,
      userId: people.business[n] as number,
      name,
      introduction: '专注于企业软件与云服务，为高校学生提供实习与校招岗位。',
    });
    await updateCompany(db, company.id, {
      nickname: name.replace('有限公司', ''),
      industry: pick(INDUSTRIES, n, 3).value,
      scale: pick(COMPANY_SCALES, n, 4).value,
      financingRound: pick(FINANCING_ROUNDS, n, 5).value,
    });
    companies.push({ id: company.id, name, userId: people.business[n] as number, number: n });
  }

  const names = await divisionNamesOf({
    db,
    codes: [...CITIES, ...CITIES.map((c) => `${c.slice(0, 2)}0000`)],
  });
  const rows: (typeof recruitmentOccupations.$inferInsert & { companyNumber: number })[] = [];
  for (const c of companies) {
    const count = c.number === 1 ? spec.bigCompanyPositions : spec.positionsPerCompany;
    for (let k = 0; k < count; k++) {
      const [title, skills] = pick(POSITIONS, c.number, k);
      const city = pick(CITIES, c.number, k + 50);
      const province = `${city.slice(0, 2)}0000`;
      const online = k % 10 !== 9;
      const min = 6 + Math.floor(rand(c.number, k + 60) * 10);
      const created = daysBefore(now, 60 + rand(c.number, k + 70) * 60);
      rows.push({
        companyNumber: c.number,
        companyId: c.id,
        createdBy: c.userId,
        name: `${title}${k >= POSITIONS.length ? `（${Math.floor(k / POSITIONS.length) + 1}）` : ''}`,
        jobNature: k % 7 === 3 ? 'Internship' : 'FullTime',
        minSalary: min,
        maxSalary: min + 5,
        degree: 'Bachelor',
        skills,
        description: '岗位职责：参与产品研发与维护。任职要求：计算机相关专业，基础扎实，学习能力强。',
        provinceCode: province,
        provinceName: names.get(province) ?? '',
        cityCode: city,
        cityName: names.get(city) ?? '',
        address: '软件园路 1 号',
        onlined: online ? 'Yes' : 'No',
        approvalAt: online ? new Date(created.getTime() + rand(c.number, k + 80) * 50 * DAY) : null,
        createdAt: created,
        updatedAt: created,
      });
    }
  }
  const positions: Position[] = [];
  for (const batch of chunks(rows)) {
    const inserted = await db
      .insert(recruitmentOccupations)
      .values(batch.map(({ companyNumber: _n, ...row }) => row))
      .returning({
        id: recruitmentOccupations.id,
        companyId: recruitmentOccupations.companyId,
        name: recruitmentOccupations.name,
        onlined: recruitmentOccupations.onlined,
      });
    const numberOf = new Map(companies.map((c) => [c.id, c.number]));
    for (const r of inserted)
      if (r.onlined === 'Yes')
        positions.push({ id: r.id, companyNumber: numberOf.get(r.companyId) as number, name: r.name });
  }
  return { companies, positions, positionRows: rows.length };
};

/** Feedback of a delivery by its slot: step (days after the delivery) and type; slots 5..9 have none. */
const FEEDBACK_OF_SLOT: Record<number, [number, 'Written' | 'Interview' | 'Offer' | 'Inappropriate'][]> = {
  0: [[1, 'Written']],
  1: [[1, 'Interview']],
  2: [[2, 'Interview']],
  3: [
    [1, 'Written'],
    [3, 'Interview'],
    [6, 'Offer'],
  ],
  4: [[1, 'Inappropriate']],
};

/**
 * `spec.deliveries` deliveries of online resumes to online positions over the last 90 days, at most one live
 * delivery per student and position: the busy student's `busyStudentDeliveries` (some to company 1, every
 * kind of feedback), `bigCompanyDeliveries` to company 1 from the others, the rest spread over the other
 * companies. About half get feedback (as the employer's inbox leaves it), 60 % were viewed.
 */
export const createDeliveries = async (
  db: Db,
  spec: ScaleSpec,
  people: People,
  jobs: { companies: Company[]; positions: Position[] },
  now: Date,
) => {
  const big = jobs.positions.filter((p) => p.companyNumber === 1);
  const others = jobs.positions.filter((p) => p.companyNumber !== 1);
  const everyone = jobs.positions;
  const rest = spec.deliveries - spec.busyStudentDeliveries;
  const perStudent = (s: number) =>
    s === 1
      ? spec.busyStudentDeliveries
      : Math.floor(rest / (spec.students - 1)) + (s - 2 < rest % (spec.students - 1) ? 1 : 0);
  const toBig = (s: number) =>
    s === 1
      ? Math.min(5, big.length)
      : Math.min(
          big.length,
          Math.floor(spec.bigCompanyDeliveries / (spec.students - 1)) +
            (s - 2 < spec.bigCompanyDeliveries % (spec.students - 1) ? 1 : 0),
        );

  const companyOf = new Map(jobs.companies.map((c) => [c.number, c]));
  type Planned = { s: number; position: Position; at: Date; slot: number };
  const planned: Planned[] = [];
  for (let s = 1; s <= spec.students; s++) {
    const count = perStudent(s);
    const chosen = new Set<number>();
    const choose = (pool: Position[], want: number, salt: number) => {
      for (let k = 0; chosen.size < want && k < want * 50 && pool.length; k++) {
        const p = pool[Math.floor(rand(s, salt + k) * pool.length)] as Position;
        if (chosen.has(p.id)) continue;
        chosen.add(p.id);
        planned.push({
          s,
          position: p,
          at: daysBefore(now, 1 + rand(s, p.id) * 89),
          slot: s === 1 ? chosen.size % 6 : Math.floor(rand(p.id, s) * 10),
        });
      }
    };
    choose(big, Math.min(count, toBig(s)), 1_000);
    choose(others.length ? others : everyone, count, 2_000);
  }

  let feedbacks = 0;
  for (const batch of chunks(planned)) {
    const inserted = await db
      .insert(deliveryRecords)
      .values(
        batch.map((d) => {
          const steps = FEEDBACK_OF_SLOT[d.slot] ?? [];
          const last = steps.length ? (steps[steps.length - 1] as [number, string])[0] : 0;
          const viewed = d.s === 1 || steps.length > 0 || rand(d.position.id, d.s + 1) < 0.4;
          return {
            userId: people.students[d.s] as number,
            companyId: (companyOf.get(d.position.companyNumber) as Company).id,
            campusRecruitMode: 'Recruitment',
            occupationId: d.position.id,
            resumeType: 'Online',
            resumeId: people.resumeOf.get(people.students[d.s] as number) as number,
            createdAt: d.at,
            viewedAt: viewed ? new Date(d.at.getTime() + HOUR) : null,
            inappropriateAt: d.slot === 4 ? new Date(d.at.getTime() + DAY) : null,
            updatedAt: new Date(Math.min(now.getTime(), d.at.getTime() + last * DAY + HOUR)),
          };
        }),
      )
      .returning({
        id: deliveryRecords.id,
        userId: deliveryRecords.userId,
        occupationId: deliveryRecords.occupationId,
      });
    const idOf = new Map(inserted.map((r) => [`${r.userId}:${r.occupationId}`, r.id]));
    const feedbackRows: (typeof deliveryFeedbacks.$inferInsert)[] = [];
    const messageRows: (typeof messages.$inferInsert)[] = [];
    for (const d of batch) {
      const userId = people.students[d.s] as number;
      const deliveryId = idOf.get(`${userId}:${d.position.id}`) as number;
      const company = companyOf.get(d.position.companyNumber) as Company;
      for (const [step, type] of FEEDBACK_OF_SLOT[d.slot] ?? []) {
        const at = new Date(Math.min(now.getTime() - HOUR, d.at.getTime() + step * DAY));
        const read = rand(deliveryId, step) < 0.66 ? new Date(at.getTime() + HOUR) : null;
        const answered = type !== 'Inappropriate' && rand(deliveryId, step + 9) < 0.5;
        feedbackRows.push({
          deliveryId,
          type,
          status: answered ? (rand(deliveryId, step + 10) < 0.8 ? 'Accepted' : 'Rejected') : 'ToBeProcessed',
          createdBy: company.userId,
          ...(type === 'Inappropriate'
            ? {}
            : {
                startAt: new Date(at.getTime() + 5 * DAY),
                respondBy: new Date(at.getTime() + 3 * DAY),
                contactPerson: '王经理',
                mobile: '13800000000',
                place: '软件园路 1 号 3 楼',
                notice: '请携带简历和学生证。',
              }),
          createdAt: at,
          updatedAt: at,
          answeredAt: answered && read ? new Date(read.getTime() + HOUR) : null,
          readAt: read,
        });
        const who = company.name.replace('有限公司', '');
        messageRows.push({
          userId,
          type: 'Recruitment',
          body:
            type === 'Inappropriate'
              ? `很遗憾，${who}认为你与职位「${d.position.name}」暂不合适，感谢你的投递`
              : `${who}向你发送了${INVITATION_TITLES[type]}（职位「${d.position.name}」），请在求职反馈中查看并处理`,
          happenedAt: at,
          createdAt: at,
          readAt: read,
        });
      }
    }
    await insertAll(db, deliveryFeedbacks, feedbackRows);
    await insertAll(db, messages, messageRows);
    feedbacks += feedbackRows.length;
  }
  return { deliveries: planned.length, feedbacks };
};
