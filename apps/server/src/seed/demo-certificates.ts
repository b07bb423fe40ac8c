import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { internshipGroups, internshipMembers } from '../db/schema';
import * as certificates from '../modules/certificates/certificates.service';
import { drawSealPng } from '../modules/certificates/seal-image';
import { companyOfUser } from '../modules/employer/employer.service';
import { insertFile } from '../modules/files/files.repo';
import { newStorageKey } from '../modules/files/files.service';
import type { FileStore } from '../storage';

/*
 * Demo certificates (issue 12): business01 issues student02 an Internship certificate (实习证明) from the
 * company's finished demo internship group, through the certificates service, with a red round seal drawn
 * in code and kept as a file business01 uploaded. The internships demo makes the finished group; should it
 * not have student02 in a finished group, one is made here (the certificate needs one).
 */

const DAY = 86_400_000;

/** The finished group of the company with the student a member (not eliminated), made when there is none. */
const finishedMembership = async (
  db: Db,
  opts: { companyId: number; organiserId: number; userId: number; now: Date },
) => {
  const [found] = await db
    .select({ memberId: internshipMembers.id })
    .from(internshipMembers)
    .innerJoin(internshipGroups, eq(internshipGroups.id, internshipMembers.groupId))
    .where(
      and(
        eq(internshipGroups.companyId, opts.companyId),
        isNotNull(internshipGroups.finishedAt),
        eq(internshipMembers.userId, opts.userId),
        eq(internshipMembers.eliminated, false),
        isNull(internshipMembers.exitedAt),
      ),
    )
    .orderBy(desc(internshipMembers.id))
    .limit(1);
  if (found) return found.memberId;
  const now = opts.now.getTime();
  const [group] = await db
    .insert(internshipGroups)
    .values({
      companyId: opts.companyId,
      organiserId: opts.organiserId,
      name: '2026 软件开发岗位实习',
      description: '面向软件工程专业学生的企业实习，已结束。',
      startAt: new Date(now - 120 * DAY),
      endAt: new Date(now - 30 * DAY),
      finishedAt: new Date(now - 28 * DAY),
    })
    .returning();
  if (!group) throw new Error('demo internship group not written');
  const [member] = await db
    .insert(internshipMembers)
    .values({
      groupId: group.id,
      userId: opts.userId,
      occupationName: 'Java 开发实习生',
      joinedAt: new Date(now - 118 * DAY),
    })
    .returning();
  if (!member) throw new Error('demo internship member not written');
  return member.id;
};

/** Issues the demo certificate; returns its verification code. */
export const seedDemoCertificates = async (opts: {
  db: Db;
  storage: FileStore;
  business: { id: number; name: string };
  studentId: number;
  now: Date;
}) => {
  const { db } = opts;
  const company = await companyOfUser({ db, userId: opts.business.id });
  if (!company) throw new Error('business01 has no company');
  const memberId = await finishedMembership(db, {
    companyId: company.id,
    organiserId: opts.business.id,
    userId: opts.studentId,
    now: opts.now,
  });

  const bytes = drawSealPng(320);
  const storageKey = newStorageKey('seal', 'image/png', opts.now);
  await opts.storage.put(storageKey, bytes, 'image/png');
  const seal = await insertFile(db, {
    storageKey,
    ownerId: opts.business.id,
    purpose: 'seal',
    name: `${company.name}公章.png`,
    contentType: 'image/png',
    size: bytes.length,
  });

  const issued = await certificates.issue({
    db,
    actor: { userId: opts.business.id, name: opts.business.name },
    body: {
      memberId: String(memberId),
      type: 'Internship',
      subject: 'Java 后端开发',
      comment:
        '该生在实习期间工作认真负责，按时完成各阶段任务。\n具备良好的团队协作与沟通能力，代码规范，学习能力强。',
      officialSealFileId: String(seal.id),
      customFileId: null,
    },
    now: opts.now,
  });
  return { verifyCode: issued.verifyCode };
};
