// The generated university's organisation tree and people: students (with a complete profile and an
// online resume), teachers, and the companies' business users, all real users who sign in with
// SCALE_PASSWORD through /idp/api/login.
import { defaultEnrolmentYear, yearStart } from '@uplus/shared';
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import {
  majorCatalog,
  memberProfiles,
  memberships,
  resumeOnlines,
  users,
} from '../../../apps/server/src/db/schema';
import { addCatalogSchools } from '../../../apps/server/src/modules/member-profile/member-profile.service';
import * as organisations from '../../../apps/server/src/modules/organisations/organisations.service';
import { hashPassword } from '../../../apps/server/src/modules/users/passwords';
import { businessName, SCALE_ORG, SCALE_PASSWORD, type ScaleSpec, studentName, teacherName } from './spec';
import { chunks, daysBefore, insertAll, personName, pick, rand } from './util';

export type Tree = { areaId: number; schoolId: number; collegeIds: number[]; classIds: number[] };

const COLLEGES = [
  '计算机学院',
  '软件学院',
  '信息工程学院',
  '数学学院',
  '电子工程学院',
  '经济管理学院',
  '外国语学院',
  '机械工程学院',
  '材料学院',
  '物理学院',
];

/**
 * The university (a school with `colleges` colleges and a class per `classSize` students) and the area the
 * companies' business users belong to, through the organisations service (its checks of codes and
 * parents); the school gets the demo school's modules and permissions (course, the assistants).
 */
export const createTree = async (db: Db, spec: ScaleSpec): Promise<Tree> => {
  const area = await organisations.createOrganisation({ db, ...SCALE_ORG.area, type: 'area' });
  const school = await organisations.createOrganisation({ db, ...SCALE_ORG.school, type: 'school' });
  await organisations.setOrganisationModules({
    db,
    organisationId: school.id,
    modules: [
      { code: 'course', name: '课程' },
      { code: 'exam', name: '考试' },
    ],
  });
  await organisations.setOrganisationPermissions({
    db,
    organisationId: school.id,
    permissions: { qabot: 2, batchAiQuestion: 2, aiTeachingAnalysis: 1 },
  });
  // In the school catalogue too, so that the students' profiles name their school.
  await addCatalogSchools({ db, schools: [{ ...SCALE_ORG.school, province: '示范市' }] });
  const collegeIds: number[] = [];
  for (let c = 1; c <= spec.colleges; c++) {
    const college = await organisations.createOrganisation({
      db,
      code: `${SCALE_ORG.school.code}-C${String(c).padStart(2, '0')}`,
      name:
        COLLEGES[(c - 1) % COLLEGES.length] +
        (c > COLLEGES.length ? String(Math.ceil(c / COLLEGES.length)) : ''),
      type: 'college',
      parentId: school.id,
    });
    collegeIds.push(college.id);
  }
  const classIds: number[] = [];
  const classes = Math.ceil(spec.students / spec.classSize);
  for (let k = 1; k <= classes; k++) {
    const collegeIndex = (k - 1) % spec.colleges;
    const klass = await organisations.createOrganisation({
      db,
      code: `${SCALE_ORG.school.code}-K${String(k).padStart(4, '0')}`,
      name: `${2022 + (k % 4)}级${k}班`,
      type: 'class',
      parentId: collegeIds[collegeIndex],
    });
    classIds.push(klass.id);
  }
  return { areaId: area.id, schoolId: school.id, collegeIds, classIds };
};

export type People = {
  /** user ids by number: students[1] is ld-s00001 (index 0 unused) */
  students: number[];
  teachers: number[];
  business: number[];
  /** the online resume of each student, by user id */
  resumeOf: Map<number, number>;
};

/** Inserts users named by `nameOf(1..count)`; their ids by number (index 0 unused). */
const insertUsers = async (
  db: Db,
  count: number,
  nameOf: (n: number) => string,
  passwordHash: string,
  salt: number,
) => {
  const rows = Array.from({ length: count }, (_, i) => ({
    username: nameOf(i + 1),
    name: personName(i + 1, salt),
    sex: rand(i + 1, salt + 7) < 0.5 ? '1' : '2',
    passwordHash,
  }));
  const idOf = new Map<string, number>();
  for (const batch of chunks(rows)) {
    const inserted = await db
      .insert(users)
      .values(batch)
      .returning({ id: users.id, username: users.username });
    for (const row of inserted) idOf.set(row.username, row.id);
  }
  return [0, ...rows.map((r) => idOf.get(r.username) as number)];
};

/**
 * The students, teachers and business users with their memberships (as `addMembership` makes a first one:
 * the default), the students' complete profiles (the fields the profile dialog asks for) and empty-but-made
 * online resumes with a strength and a self-evaluation. The password is hashed once (Argon2id, as
 * `createUser` stores it) and the hash reused.
 */
export const createPeople = async (db: Db, spec: ScaleSpec, tree: Tree, now: Date): Promise<People> => {
  const passwordHash = await hashPassword(SCALE_PASSWORD);
  const students = await insertUsers(db, spec.students, studentName, passwordHash, 1);
  const teachers = await insertUsers(db, spec.teachers, teacherName, passwordHash, 2);
  const business = await insertUsers(db, spec.companies, businessName, passwordHash, 3);

  const majors = (
    await db
      .select({ code: majorCatalog.code, name: majorCatalog.name })
      .from(majorCatalog)
      .orderBy(asc(majorCatalog.code))
      .limit(40)
  ).filter((m) => m.code.startsWith('08'));
  const majorOf = (n: number) => (majors.length ? pick(majors, n, 5) : { code: null, name: '软件工程' });
  const member = (
    userId: number,
    identityType: string,
    organisationId: number,
    leafId: number,
    majorName = '',
  ) => ({
    userId,
    organisationId,
    leafOrganisationId: leafId,
    identityType,
    isDefault: true,
    majorName,
  });
  await insertAll(db, memberships, [
    ...students
      .slice(1)
      .map((id, i) =>
        member(
          id,
          'Student',
          tree.schoolId,
          tree.classIds[Math.floor(i / spec.classSize)] as number,
          majorOf(i + 1).name,
        ),
      ),
    ...teachers
      .slice(1)
      .map((id, i) =>
        member(id, 'Teacher', tree.schoolId, tree.collegeIds[i % tree.collegeIds.length] as number),
      ),
    ...business.slice(1).map((id) => member(id, 'Business', tree.areaId, tree.areaId)),
  ]);

  const enrolmentYear = defaultEnrolmentYear(now);
  await insertAll(
    db,
    memberProfiles,
    students.slice(1).map((userId, i) => ({
      userId,
      name: personName(i + 1, 1),
      sex: rand(i + 1, 8) < 0.5 ? 'Male' : 'Female',
      birthday: new Date(Date.UTC(2003 + (i % 3), i % 12, 1 + (i % 28))),
      degree: 'Bachelor',
      schoolCode: SCALE_ORG.school.code,
      majorCode: majorOf(i + 1).code,
      enrolmentAt: new Date(yearStart(enrolmentYear - (i % 4))),
      graduateAt: new Date(yearStart(now.getFullYear())),
      mobile: `139${String(10_000_000 + i).slice(-8)}`,
      email: `${studentName(i + 1)}@uplus-scale.edu.cn`,
      updatedAt: now,
    })),
  );
  const resumeOf = new Map<number, number>();
  for (const batch of chunks(students.slice(1))) {
    const rows = await db
      .insert(resumeOnlines)
      .values(
        batch.map((userId) => ({
          userId,
          strength: '熟悉 Java 与 Python，做过两个课程项目，能独立完成前后端开发。',
          evaluation: '学习主动，沟通顺畅，乐于承担团队中的困难任务。',
          createdAt: daysBefore(now, 60),
          updatedAt: daysBefore(now, rand(userId, 3) * 60),
        })),
      )
      .returning({ id: resumeOnlines.id, userId: resumeOnlines.userId });
    for (const r of rows) resumeOf.set(r.userId, r.id);
  }
  return { students, teachers, business, resumeOf };
};

/** Whether the generated university is there already (its first student). */
export const scaleDataPresent = async (db: Db) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, [studentName(1)]))
  ).length > 0;
