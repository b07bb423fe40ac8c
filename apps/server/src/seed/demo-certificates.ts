import type { Db } from '../db/client';
import * as certificates from '../modules/certificates/certificates.service';
import { drawSealPng } from '../modules/certificates/seal-image';
import { companyOfUser } from '../modules/employer/employer.service';
import { storeFileBytes } from '../modules/files/files.service';
import * as internships from '../modules/internships/internships.service';
import type { FileStore } from '../storage';

/*
 * Demo certificates (issue 12): business01 issues student02 an Internship certificate (实习证明) from the
 * company's finished demo internship group, through the certificates service, with a red round seal drawn
 * in code and kept as a file business01 uploaded. The internships demo (seeded before) makes the group.
 */

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
  const memberId = await internships.finishedMemberIdOf({
    db,
    companyId: company.id,
    userId: opts.studentId,
  });
  if (!memberId) throw new Error('the internships demo has no finished group with student02');

  const seal = await storeFileBytes(
    { db, storage: opts.storage, now: () => opts.now },
    { ownerId: opts.business.id, purpose: 'seal', name: `${company.name}公章.png`, bytes: drawSealPng(320) },
  );

  const issued = await certificates.issue({
    db,
    actor: { userId: opts.business.id, name: opts.business.name },
    body: {
      memberId: String(memberId),
      type: 'Internship',
      subject: '软件测试开发',
      comment:
        '该生在实习期间工作认真负责，按时完成各阶段任务。\n具备良好的团队协作与沟通能力，代码规范，学习能力强。',
      officialSealFileId: String(seal.id),
      customFileId: null,
    },
    now: opts.now,
  });
  return { verifyCode: issued.verifyCode };
};
