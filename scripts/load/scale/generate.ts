// The generated university (issue 17), in one transaction: either all of it is there or none, so a run that
// breaks off leaves nothing to clean up, and a second run finds it and does nothing.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../apps/server/src/db/client';
import { createConversations } from './assistants';
import { createCompanies, createDeliveries } from './jobs';
import { createPeople, createTree, scaleDataPresent } from './people';
import { businessName, type ScaleSpec, studentName, teacherName } from './spec';
import { archiveSome, createCourses, createHomework, createLibraries, createSubmissions } from './teaching';
import { Steps } from './util';

/** Held by a generator run (transaction-scoped), so two runs at once make one university. */
const GENERATOR_LOCK = 4_271_906_117;

export type GenerateResult = {
  /** false: the data was there already and nothing was added */
  generated: boolean;
  steps: { name: string; rows: number; ms: number }[];
};

/**
 * Generates the university of `spec` into a migrated database that has the default deployment and the
 * catalogues (what a server's first start or `npm run db:seed` makes). `now` anchors every date.
 */
export const generateScaleData = async (opts: {
  db: Db;
  spec: ScaleSpec;
  now?: Date;
  log?: (line: string) => void;
}): Promise<GenerateResult> => {
  const { spec } = opts;
  const now = opts.now ?? new Date();
  const log = opts.log ?? (() => {});
  const steps = new Steps(log);
  const generated = await opts.db.transaction(async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(${GENERATOR_LOCK})`);
    if (await scaleDataPresent(db)) return false;
    const tree = await steps.run(
      'organisations',
      () => createTree(db, spec),
      (t) => t.classIds.length + t.collegeIds.length + 2,
    );
    const people = await steps.run(
      'users, memberships, profiles, resumes',
      () => createPeople(db, spec, tree, now),
      (p) => p.students.length + p.teachers.length + p.business.length - 3,
    );
    const teaching = await steps.run(
      'courses, classes, enrolments',
      () => createCourses(db, spec, tree, people, now),
      (t) => t.members,
    );
    const homework = await steps.run(
      'homework, questions, notices',
      () => createHomework(db, spec, teaching, now, log),
      (h) => h.length,
    );
    await steps.run(
      'submissions and answers',
      () => createSubmissions(db, spec, teaching, people, homework, now),
      (r) => r.submissions,
    );
    await steps.run(
      'question libraries',
      () => createLibraries(db, spec, people, homework),
      (n) => n,
    );
    await steps.run(
      'archived courses',
      () => archiveSome(db, teaching, people, now),
      (n) => n,
    );
    const jobs = await steps.run(
      'companies and positions',
      () => createCompanies(db, spec, people, now),
      (j) => j.positionRows,
    );
    await steps.run(
      'deliveries and feedback',
      () => createDeliveries(db, spec, people, jobs, now),
      (d) => d.deliveries,
    );
    await steps.run(
      'assistant conversations',
      () => createConversations(db, spec, people, teaching, now),
      (c) => c.conversations,
    );
    return true;
  });
  return { generated, steps: steps.done };
};

/** What the generated university holds: rows per kind, counted in the database (ld-* users' rows). */
export const scaleCounts = async (db: Db) => {
  const result = await db.execute(sql`
    with s as (select id from users where username like 'ld-s%'),
         t as (select id from users where username like 'ld-t%'),
         b as (select id from users where username like 'ld-b%'),
         c as (select id from courses where teacher_id in (select id from t)),
         h as (select id from homeworks where course_id in (select id from c)),
         co as (select company_id as id from company_members where user_id in (select id from b))
    select
      (select count(*) from s)::int as students,
      (select count(*) from t)::int as teachers,
      (select count(*) from b)::int as "businessUsers",
      (select count(*) from c)::int as courses,
      (select count(*) from teaching_classes where course_id in (select id from c))::int as classes,
      (select count(*) from course_members where course_id in (select id from c))::int as enrolments,
      (select count(*) from h)::int as homework,
      (select count(*) from homework_questions where homework_id in (select id from h))::int as questions,
      (select count(*) from homework_questions where homework_id in (select id from h) and qsn_type in (4, 5, 8))::int as "codeQuestions",
      (select count(*) from homework_submissions where homework_id in (select id from h))::int as submissions,
      (select count(*) from homework_answers a join homework_submissions x on x.id = a.submission_id
        where x.homework_id in (select id from h))::int as answers,
      (select count(*) from notice_recipients where user_id in (select id from s))::int as "noticeRecipients",
      (select count(*) from co)::int as companies,
      (select count(*) from recruitment_occupations where company_id in (select id from co))::int as positions,
      (select count(*) from delivery_records where user_id in (select id from s))::int as deliveries,
      (select count(*) from delivery_feedbacks f join delivery_records d on d.id = f.delivery_id
        where d.user_id in (select id from s))::int as feedbacks,
      (select count(*) from resume_onlines where user_id in (select id from s))::int as resumes,
      (select count(*) from assistant_conversations where user_id in (select id from s))::int as conversations
  `);
  const [row] = (result as unknown as { rows: Record<string, number>[] }).rows;
  return row as Record<string, number>;
};

/** The users the lists and the load script act as (see ScaleSpec). */
export const SCALE_ACTORS = {
  busyStudent: studentName(1),
  bigCourseTeacher: teacherName(1),
  bigCompany: businessName(1),
} as const;
