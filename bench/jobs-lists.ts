// bench/jobs-lists: the pages of issue 14 that grow with the jobs tables, measured before and after loading
// them in the same run and database (the baseline is measured first, then the rows are added and
// analysed; ratio = baseline median / loaded median, 1.0: no slower). Median and p95 of `repeat` requests
// each (after 5 warm-up ones), in-process (app.inject), so network and the HTTP parser don't blur the
// database's share.
//   - the employer's inbox (GET company/delivery_records: all, status=Interview, occupationId=) as the
//     company's business user, with 10,000 deliveries to that ONE company from 2,000 students over its 20
//     positions (each student 5), about half with feedback (written test, interview, offer, 不合适; a
//     third of it unread), 60 % viewed, 2 % cancelled;
//   - the job seeker's feedback center (GET delivery_records?type=Interview&interviewStatus=Yes...) and the
//     unread counts (GET members?details=profile) for a student with 5 deliveries among those 10,000;
//   - the public job list (GET recruitment_occupations) with 10,000 more online positions of 200 other
//     companies, and one position's detail (GET recruitment_occupations/{id}, signed in: favourite and
//     delivery of the asker).
// The baseline holds 20 deliveries (the student's 5, and 15 other students' to position 1, each with an
// interview) and the company's 20 online positions, so that every measured page is full (15 rows) in both
// states except the student's list (3 rows in both): the ratio isolates the row count, not the page shape.
// The baseline deliveries are older than the loaded ones, so the loaded pages show loaded rows.
// `npx tsx bench/jobs-lists.ts` runs it alone; `npm run bench` runs it with the others (BENCH_JOBS_LISTS=false
// skips it). BENCH_JOBS_LISTS_REPEAT (100); BENCH_JOBS_LISTS_EXPLAIN=true prints the plans of the inbox
// queries after loading. On PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { pathToFileURL } from 'node:url';
import { SERVICE_BASES } from '@uplus/shared';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/client';
import type { App } from '../apps/server/src/http/context';
import { createCompany } from '../apps/server/src/modules/employer/employer.service';
import { resumeOfUser } from '../apps/server/src/modules/resume/resume.service';
import { testConfig } from '../apps/server/src/test/app';
import { type Driver, openTestDatabase } from '../apps/server/src/test/database';
import { buildSchoolTree, buildSignedInMember } from '../apps/server/src/test/factories';

export type JobsListCase = {
  name: string;
  driver: Driver;
  /** rows on the measured page, before and after loading */
  baselineRows: number;
  loadedRows: number;
  baselineMedianMs: number;
  baselineP95Ms: number;
  loadedMedianMs: number;
  loadedP95Ms: number;
  /** baseline median / loaded median */
  ratio: number;
};

export const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

const B = SERVICE_BASES.ourea;
const DAY = 86_400_000;
const POSITIONS = 20;

export const rowsOf = (db: Db, query: ReturnType<typeof sql>) =>
  db.execute(query).then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
const idOf = async (db: Db, query: ReturnType<typeof sql>) => Number((await rowsOf(db, query))[0]?.id);

/** A GET measured in-process: its name, address and headers (a token, a host). */
export type TimedCase = { name: string; url: string; headers?: Record<string, string> };

/**
 * `repeat` timed GETs of each case (after 5 warm-up ones) through app.inject; fails on any answer but 200.
 * `rows`: the length of data.rows of the first answer (1 for an answer without rows).
 */
export async function timeCases(
  app: App,
  cases: TimedCase[],
  repeat: number,
): Promise<{ samples: number[]; rows: number }[]> {
  const out: { samples: number[]; rows: number }[] = [];
  for (const c of cases) {
    const samples: number[] = [];
    let rows = 0;
    for (let i = 0; i < repeat + 5; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: c.url, headers: c.headers ?? {} });
      const ms = performance.now() - started;
      if (res.statusCode !== 200)
        throw new Error(`${c.name} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
      if (i >= 5) samples.push(ms);
      if (i === 0) {
        const data = res.json().data as { rows?: unknown[] };
        rows = Array.isArray(data?.rows) ? data.rows.length : 1;
      }
    }
    out.push({ samples, rows });
  }
  return out;
}

export async function runJobsListBench(
  options: { repeat?: number; drivers?: Driver[]; explain?: boolean; log?: (line: string) => void } = {},
): Promise<JobsListCase[]> {
  const repeat = options.repeat ?? 100;
  const drivers = options.drivers ?? (process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite']);
  const log = options.log ?? (() => {});
  const results: JobsListCase[] = [];
  for (const driver of drivers) {
    const database = await openTestDatabase(driver);
    const app = await buildApp(testConfig(), { database });
    const db = database.db;
    try {
      const hr = await buildSignedInMember(db, { identityType: 'Business' });
      const seeker = await buildSignedInMember(db);
      const company = await createCompany({ db, userId: hr.user.id, name: '基准科技有限公司' });
      const tree = await buildSchoolTree(db, { school: '基准大学' });
      const at = (msAgo: number) => new Date(Date.now() - msAgo);

      // The company's 20 positions, online.
      await db.execute(sql`
        insert into recruitment_occupations
          (company_id, created_by, name, job_nature, min_salary, max_salary, city_code, city_name,
           description, onlined, approval_at, created_at)
        select ${company.id}, ${hr.user.id}, '开发工程师' || g, 'FullTime', 10, 20, '310100', '上海市',
          '岗位职责', 'Yes', now() - interval '120 days' + (g || ' minutes')::interval, now() - interval '120 days'
        from generate_series(1, ${POSITIONS}) g`);
      const positions = (
        await rowsOf(
          db,
          sql`select id from recruitment_occupations where company_id = ${company.id} order by id`,
        )
      ).map((r) => Number(r.id));
      const [first] = positions as [number];

      // Students: the seeker, 15 baseline ones, 2,000 loaded ones; each with a membership and a resume.
      const students = async (tag: string, count: number) => {
        await db.execute(sql`
          insert into users (username, name, password_hash)
          select 'bench-jobs-' || ${tag} || '-' || g, '学生' || g, 'x' from generate_series(1, ${count}) g`);
        await db.execute(sql`
          insert into memberships (user_id, organisation_id, leaf_organisation_id, identity_type, is_default, major_name)
          select id, ${tree.school.id}, ${tree.klass.id}, 'Student', true, '软件工程'
          from users where username like ${`bench-jobs-${tag}-%`}`);
        await db.execute(sql`
          insert into resume_onlines (user_id)
          select id from users where username like ${`bench-jobs-${tag}-%`}`);
      };
      await students('base', 15);
      const seekerResume = await resumeOfUser({ db, userId: seeker.user.id, now: new Date() });

      // Baseline deliveries, 100+ days old: the seeker's 5 (positions 1..5) and 15 others' to position 1.
      const seekerDeliveries: number[] = [];
      for (let i = 0; i < 5; i++)
        seekerDeliveries.push(
          await idOf(
            db,
            sql`
              insert into delivery_records
                (user_id, company_id, campus_recruit_mode, occupation_id, resume_type, resume_id, created_at, updated_at, viewed_at)
              values (${seeker.user.id}, ${company.id}, 'Recruitment', ${positions[i] ?? first}, 'Online',
                ${seekerResume.id}, ${at(110 * DAY + i * 60_000)}, ${at(110 * DAY + i * 60_000)}, ${at(109 * DAY)})
              returning id`,
          ),
        );
      await db.execute(sql`
        insert into delivery_records
          (user_id, company_id, campus_recruit_mode, occupation_id, resume_type, resume_id, created_at, updated_at)
        select u.id, ${company.id}, 'Recruitment', ${first}, 'Online', r.id,
          now() - interval '100 days' + (u.id || ' seconds')::interval, now() - interval '100 days'
        from users u join resume_onlines r on r.user_id = u.id where u.username like 'bench-jobs-base-%'`);
      // The seeker's feedback: interviews on 3 (one unread), a written test, an offer (unread).
      const feedback = async (deliveryId: number, type: string, read: boolean) =>
        db.execute(sql`
          insert into delivery_feedbacks
            (delivery_id, type, status, created_by, start_at, respond_by, contact_person, place, created_at, updated_at, read_at)
          values (${deliveryId}, ${type}, 'ToBeProcessed', ${hr.user.id}, now() + interval '3 days',
            now() + interval '1 day', '王经理', '上海市', ${at(100 * DAY)}, ${at(100 * DAY)},
            ${read ? at(99 * DAY) : null})`);
      const [d1, d2, d3, d4, d5] = seekerDeliveries as [number, number, number, number, number];
      await feedback(d1, 'Interview', true);
      await feedback(d2, 'Interview', false);
      await feedback(d3, 'Interview', true);
      await feedback(d4, 'Written', true);
      await feedback(d5, 'Offer', false);
      // Others' baseline deliveries: an interview each, so the status=Interview page is full too.
      await db.execute(sql`
        insert into delivery_feedbacks (delivery_id, type, created_by, respond_by, created_at, updated_at)
        select id, 'Interview', ${hr.user.id}, now() + interval '1 day', created_at, created_at
        from delivery_records where company_id = ${company.id} and user_id <> ${seeker.user.id}`);
      await db.execute(sql`analyze`);

      const asHr = { 'x-access-token': hr.token };
      const asSeeker = { 'x-access-token': seeker.token };
      const cases: TimedCase[] = [
        { name: 'inbox (all)', url: `${B}/company/delivery_records?pageNumber=1&pageSize=15`, headers: asHr },
        {
          name: 'inbox status=Interview',
          url: `${B}/company/delivery_records?pageNumber=1&pageSize=15&status=Interview`,
          headers: asHr,
        },
        {
          name: 'inbox occupationId=',
          url: `${B}/company/delivery_records?pageNumber=1&pageSize=15&occupationId=${first}`,
          headers: asHr,
        },
        {
          name: 'feedback center (Interview)',
          url: `${B}/delivery_records?pageNumber=1&pageSize=15&campusRecruitMode=Recruitment&type=Interview&interviewStatus=Yes&details=company,occupation,mini,student,feedback`,
          headers: asSeeker,
        },
        { name: 'members?details=profile', url: `${B}/members?details=profile`, headers: asSeeker },
        { name: 'job list (public)', url: `${B}/recruitment_occupations?pageNumber=1&pageSize=15` },
        { name: 'job detail (signed in)', url: `${B}/recruitment_occupations/${first}`, headers: asSeeker },
      ];
      const measure = () => timeCases(app, cases, repeat);
      log(`${driver}: baseline`);
      const baseline = await measure();

      // Loaded: 2,000 students, 5 deliveries each over the company's 20 positions (10,000), spread over
      // the last 90 days; feedback on half of them.
      log(`${driver}: loading 10,000 deliveries and 10,000 positions`);
      await students('s', 2000);
      await db.execute(sql`
        insert into delivery_records
          (user_id, company_id, campus_recruit_mode, occupation_id, resume_type, resume_id, created_at, updated_at,
           viewed_at, canceled_at)
        with occ as (
          select id, (row_number() over (order by id) - 1)::int as n
          from recruitment_occupations where company_id = ${company.id}
        ), u as (
          select u.id, r.id as resume_id, row_number() over (order by u.id)::int as n
          from users u join resume_onlines r on r.user_id = u.id where u.username like 'bench-jobs-s-%'
        )
        select u.id, ${company.id}, 'Recruitment', occ.id, 'Online', u.resume_id, t.at, t.at,
          case when (u.n * 5 + k) % 10 < 6 then t.at + interval '1 hour' end,
          case when (u.n * 5 + k) % 50 = 7 then t.at + interval '2 hours' end
        from u cross join generate_series(0, 4) k
        join occ on occ.n = (u.n + k * 4) % ${POSITIONS}
        cross join lateral (
          select now() - ((u.n * 7919 + k * 104729) % 7776000) * interval '1 second' as at
        ) t`);
      const fresh = sql`company_id = ${company.id} and created_at > now() - interval '91 days'`;
      // 0: written; 1, 2: interview; 3: written, interview, offer; 4: 不合适. A third unread.
      await db.execute(sql`
        insert into delivery_feedbacks
          (delivery_id, type, status, created_by, start_at, respond_by, created_at, updated_at, read_at)
        select d.id, f.type, (array['ToBeProcessed', 'Accepted', 'Rejected'])[1 + d.id % 3], ${hr.user.id},
          d.created_at + interval '3 days', d.created_at + interval '2 days',
          d.created_at + f.step * interval '1 day', d.created_at + f.step * interval '1 day',
          case when d.id % 3 <> 0 then d.created_at + f.step * interval '1 day' + interval '1 hour' end
        from delivery_records d
        join (values (0, 'Written', 1), (1, 'Interview', 1), (2, 'Interview', 1), (3, 'Written', 1),
                     (3, 'Interview', 2), (3, 'Offer', 3), (4, 'Inappropriate', 1)) f(slot, type, step)
          on f.slot = d.id % 10
        where ${fresh}`);
      await db.execute(sql`
        update delivery_records set inappropriate_at = created_at + interval '1 day'
        where ${fresh} and id % 10 = 4`);

      // 200 other companies with 50 online positions each (10,000).
      await db.execute(sql`
        insert into companies (name, nickname, industry, scale, financing_round)
        select '企业' || g, '企' || g, null, null, null from generate_series(1, 200) g`);
      await db.execute(sql`
        insert into recruitment_occupations
          (company_id, created_by, name, job_nature, min_salary, max_salary, city_code, city_name,
           description, onlined, approval_at, created_at)
        select c.id, ${hr.user.id}, '岗位' || c.id || '-' || g, 'FullTime', 8, 15, '310100', '上海市', '岗位职责',
          'Yes', now() - ((c.id * 50 + g) * 7919 % 7776000) * interval '1 second', now() - interval '90 days'
        from companies c cross join generate_series(1, 50) g where c.name like '企业%'`);
      await db.execute(sql`analyze`);
      const counts = (
        await rowsOf(
          db,
          sql`select
            (select count(*) from delivery_records where company_id = ${company.id}) as deliveries,
            (select count(*) from delivery_feedbacks) as feedbacks,
            (select count(*) from delivery_feedbacks where read_at is null) as unread,
            (select count(*) from recruitment_occupations where onlined = 'Yes') as online`,
        )
      )[0];
      log(`${driver}: ${JSON.stringify(counts)}`);

      if (options.explain) {
        const plan = async (label: string, query: ReturnType<typeof sql>) => {
          const lines = await rowsOf(db, sql`explain (analyze, buffers) ${query}`);
          console.error(`--- ${driver} ${label}\n${lines.map((l) => Object.values(l)[0]).join('\n')}`);
        };
        const inbox = sql`d.company_id = ${company.id} and d.campus_recruit_mode = 'Recruitment'`;
        await plan(
          'inbox page',
          sql`select d.*, o.name from delivery_records d left join recruitment_occupations o on o.id = d.occupation_id
              where ${inbox} order by d.created_at desc, d.id desc limit 15`,
        );
        await plan('inbox count', sql`select count(*) from delivery_records d where ${inbox}`);
        await plan(
          'inbox Interview page',
          sql`select d.* from delivery_records d where ${inbox} and exists (select 1 from delivery_feedbacks f
              where f.delivery_id = d.id and f.type = 'Interview') order by d.created_at desc, d.id desc limit 15`,
        );
        await plan(
          'inbox Interview count',
          sql`select count(*) from delivery_records d where ${inbox} and exists (select 1 from delivery_feedbacks f
              where f.delivery_id = d.id and f.type = 'Interview')`,
        );
        await plan(
          'inbox occupation page',
          sql`select d.* from delivery_records d where ${inbox} and d.occupation_id = ${first}
              order by d.created_at desc, d.id desc limit 15`,
        );
        await plan(
          'job list page',
          sql`select * from recruitment_occupations where onlined = 'Yes'
              order by approval_at desc, id desc limit 15`,
        );
        await plan('job list count', sql`select count(*) from recruitment_occupations where onlined = 'Yes'`);
      }

      log(`${driver}: loaded`);
      const loaded = await measure();
      cases.forEach((c, i) => {
        const b = baseline[i] as { samples: number[]; rows: number };
        const l = loaded[i] as { samples: number[]; rows: number };
        const baselineMedianMs = quantile(b.samples, 0.5);
        const loadedMedianMs = quantile(l.samples, 0.5);
        results.push({
          name: c.name,
          driver,
          baselineRows: b.rows,
          loadedRows: l.rows,
          baselineMedianMs,
          baselineP95Ms: quantile(b.samples, 0.95),
          loadedMedianMs,
          loadedP95Ms: quantile(l.samples, 0.95),
          ratio: baselineMedianMs / Math.max(0.001, loadedMedianMs),
        });
      });
    } finally {
      await app.close();
      await database.close();
    }
  }
  return results;
}

/** The results as a table. */
export function jobsListReport(results: JobsListCase[]): string {
  const lines = [
    'jobs lists: 10,000 deliveries to one company, 10,000 online positions (ratio = baseline median / loaded median)',
    'page                          db      rows   base med  base p95  load med  load p95  ratio',
  ];
  for (const r of results)
    lines.push(
      [
        r.name.padEnd(29),
        r.driver.padEnd(6),
        `${r.baselineRows}/${r.loadedRows}`.padStart(6),
        r.baselineMedianMs.toFixed(2).padStart(9),
        r.baselineP95Ms.toFixed(2).padStart(9),
        r.loadedMedianMs.toFixed(2).padStart(9),
        r.loadedP95Ms.toFixed(2).padStart(9),
        r.ratio.toFixed(2).padStart(6),
      ].join(' '),
    );
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runJobsListBench({
    repeat: Number(process.env.BENCH_JOBS_LISTS_REPEAT ?? 100),
    explain: process.env.BENCH_JOBS_LISTS_EXPLAIN === 'true',
    log: (line) => console.error(`[jobs-lists] ${line}`),
  });
  console.log(jobsListReport(results));
}
