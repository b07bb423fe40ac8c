// bench/lists: the list endpoints of issue 12 with 10,000 rows behind one owner (a student's
// subscriptions, an internship group's members, a company's certificates, a student's certificates, the
// public open-course list), against the same endpoint for an owner of 10 rows in the same database and run
// (the baseline). Every list is paginated and indexed, so a page of a 10,000-row list should cost about
// what a page of a 10-row one does: ratio = baseline median / median (1.0: no slower; it must not fall
// with the row count). The last page (pageNumber 1000) is measured too (an OFFSET scan of the index).
// In-process (app.inject), so network and the HTTP parser don't blur the database's share.
// `npx tsx bench/lists.ts` runs it alone; `npm run bench` runs it with the others (BENCH_LISTS=false skips
// it). BENCH_LISTS_ROWS (10000), BENCH_LISTS_REPEAT (60). On PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set.
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import type { Db } from '../apps/server/src/db/client';
import { createCompany } from '../apps/server/src/modules/employer/employer.service';
import { testConfig } from '../apps/server/src/test/app';
import { type Driver, openTestDatabase } from '../apps/server/src/test/database';
import { asUser, buildSignedInMember } from '../apps/server/src/test/factories';

export type ListCase = {
  name: string;
  driver: Driver;
  rows: number;
  /** median ms of page 1 for the 10-row owner, the big owner's page 1, and its last page */
  baselineMs: number;
  firstPageMs: number;
  lastPageMs: number;
  /** baseline / first page; baseline / last page */
  ratio: number;
  lastPageRatio: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/** The median time of `repeat` requests (after 5 warm-up ones); fails on any answer but 200. */
const time = async (request: () => Promise<{ statusCode: number; body: string }>, repeat: number) => {
  const samples: number[] = [];
  for (let i = 0; i < repeat + 5; i++) {
    const started = performance.now();
    const res = await request();
    const ms = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    if (i >= 5) samples.push(ms);
  }
  return median(samples);
};

/** `count` users named bench-<tag>-<n>, made in one statement; their ids. */
const bulkUsers = async (db: Db, tag: string, count: number): Promise<void> => {
  await db.execute(sql`
    insert into users (username, name, password_hash)
    select 'bench-' || ${tag} || '-' || g, '学生' || g, 'x' from generate_series(1, ${count}) g`);
};

type Owners = { small: number; big: number };

export async function runListBench(
  options: { rows?: number; repeat?: number; drivers?: Driver[]; log?: (line: string) => void } = {},
): Promise<ListCase[]> {
  const rows = options.rows ?? 10_000;
  const repeat = options.repeat ?? 60;
  const drivers = options.drivers ?? (process.env.TEST_DATABASE_URL ? ['pglite', 'pg'] : ['pglite']);
  const log = options.log ?? (() => {});
  const results: ListCase[] = [];
  for (const driver of drivers) {
    const database = await openTestDatabase(driver);
    const app = await buildApp(testConfig(), { database });
    const db = database.db;
    try {
      log(`${driver}: filling ${rows} rows per list`);
      // Actors: two business users with a company each, two students.
      const smallBiz = await buildSignedInMember(db, { identityType: 'Business' });
      const bigBiz = await buildSignedInMember(db, { identityType: 'Business' });
      const companies: Owners = {
        small: (await createCompany({ db, userId: smallBiz.user.id, name: '小企业' })).id,
        big: (await createCompany({ db, userId: bigBiz.user.id, name: '大企业' })).id,
      };
      const smallStudent = await buildSignedInMember(db);
      const bigStudent = await buildSignedInMember(db);
      await bulkUsers(db, 'members', rows);

      // Internship groups: 10 members in one, `rows` in the other.
      const group = async (companyId: number, organiserId: number) =>
        Number(
          (
            (await db.execute(sql`
              insert into internship_groups (company_id, organiser_id, name, start_at, end_at)
              values (${companyId}, ${organiserId}, '基准实习', now() - interval '1 day', now() + interval '30 days')
              returning id`)) as unknown as { rows: { id: number | string }[] }
          ).rows[0]?.id,
        );
      const groups: Owners = {
        small: await group(companies.small, smallBiz.user.id),
        big: await group(companies.big, bigBiz.user.id),
      };
      const fillMembers = async (groupId: number, count: number) =>
        db.execute(sql`
          insert into internship_members (group_id, user_id, occupation_name)
          select ${groupId}, id, '开发工程师' from users where username like 'bench-members-%'
          order by id limit ${count}`);
      await fillMembers(groups.small, 10);
      await fillMembers(groups.big, rows);

      // Certificates: issued by each company, received by each student.
      const fillCertificates = async (companyId: number, issuerId: number, userId: number, count: number) =>
        db.execute(sql`
          insert into internship_certificates
            (type, user_id, company_id, issuer_id, member_name, company_name, verify_code, created_at)
          select 'Internship', ${userId}, ${companyId}, ${issuerId}, '学生', '企业',
            md5(random()::text || g), now() - (g || ' minutes')::interval
          from generate_series(1, ${count}) g`);
      await fillCertificates(companies.small, smallBiz.user.id, smallStudent.user.id, 10);
      await fillCertificates(companies.big, bigBiz.user.id, bigStudent.user.id, rows);

      // Open courses (Online) and subscriptions: 10 for one student, `rows` for the other.
      await db.execute(sql`
        insert into open_courses (organiser_id, company_id, name, live_mode, status, start_at, published_at)
        select ${bigBiz.user.id}, ${companies.big}, '职业发展课' || g, 'Video', 'Online',
          now() - (g || ' minutes')::interval, now()
        from generate_series(1, ${rows}) g`);
      const subscribe = async (userId: number, count: number) =>
        db.execute(sql`
          insert into open_course_subscriptions (user_id, open_course_id, subscribed_at, last_studied_at)
          select ${userId}, id, now() - (id || ' seconds')::interval, now() - (id || ' seconds')::interval
          from open_courses order by id limit ${count}`);
      await subscribe(smallStudent.user.id, 10);
      await subscribe(bigStudent.user.id, rows);
      await db.execute(sql`analyze`);

      const lastPage = Math.ceil(rows / 10);
      const cases: {
        name: string;
        url: (owner: 'small' | 'big', page: number) => string;
        token: Record<'small' | 'big', string>;
      }[] = [
        {
          name: 'subscriptions (最近学习)',
          url: (_o, page) =>
            `/api/opencourse/open_courses/subscriptions?sort=recentStudy&order=desc&pageNumber=${page}&pageSize=10`,
          token: { small: smallStudent.token, big: bigStudent.token },
        },
        {
          name: 'group members',
          url: (o, page) =>
            `/api/ourea/internship_groups/${groups[o]}/members?pageNumber=${page}&pageSize=10`,
          token: { small: smallBiz.token, big: bigBiz.token },
        },
        {
          name: 'certificates issued',
          url: (_o, page) => `/api/ourea/internship_certificates/issued?pageNumber=${page}&pageSize=10`,
          token: { small: smallBiz.token, big: bigBiz.token },
        },
        {
          name: 'certificates mine',
          url: (_o, page) => `/api/ourea/internship_certificates/mine?pageNumber=${page}&pageSize=10`,
          token: { small: smallStudent.token, big: bigStudent.token },
        },
      ];
      for (const c of cases) {
        const get = (owner: 'small' | 'big', page: number) => () =>
          asUser(app, c.token[owner]).get(c.url(owner, page));
        const baselineMs = await time(get('small', 1), repeat);
        const firstPageMs = await time(get('big', 1), repeat);
        const lastPageMs = await time(get('big', lastPage), repeat);
        results.push({
          name: c.name,
          driver,
          rows,
          baselineMs,
          firstPageMs,
          lastPageMs,
          ratio: baselineMs / firstPageMs,
          lastPageRatio: baselineMs / lastPageMs,
        });
        log(`${driver} ${c.name}: ${firstPageMs.toFixed(2)} ms (10 rows: ${baselineMs.toFixed(2)} ms)`);
      }
      // The public list: 10,000 Online courses; baseline is a search that matches 10 of them.
      const visitor = (url: string) => () => app.inject({ method: 'GET', url });
      const baselineMs = await time(
        visitor('/api/opencourse/open_courses?search=%E8%AF%BE999&pageNumber=1&pageSize=10'),
        repeat,
      );
      const firstPageMs = await time(
        visitor('/api/opencourse/open_courses?pageNumber=1&pageSize=10'),
        repeat,
      );
      const lastPageMs = await time(
        visitor(`/api/opencourse/open_courses?pageNumber=${lastPage}&pageSize=10`),
        repeat,
      );
      results.push({
        name: 'open courses (public)',
        driver,
        rows,
        baselineMs,
        firstPageMs,
        lastPageMs,
        ratio: baselineMs / firstPageMs,
        lastPageRatio: baselineMs / lastPageMs,
      });
    } finally {
      await app.close();
      await database.close();
    }
  }
  return results;
}

/** The results as a table. */
export function listReport(results: ListCase[]): string {
  const lines = [
    'list (10-row owner = baseline)     db       rows   base ms  page1 ms  last ms  ratio  last ratio',
  ];
  for (const r of results) {
    lines.push(
      [
        r.name.padEnd(34),
        r.driver.padEnd(6),
        String(r.rows).padStart(6),
        r.baselineMs.toFixed(2).padStart(9),
        r.firstPageMs.toFixed(2).padStart(9),
        r.lastPageMs.toFixed(2).padStart(8),
        r.ratio.toFixed(2).padStart(6),
        r.lastPageRatio.toFixed(2).padStart(11),
      ].join(' '),
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runListBench({
    rows: Number(process.env.BENCH_LISTS_ROWS ?? 10_000),
    repeat: Number(process.env.BENCH_LISTS_REPEAT ?? 60),
    log: (line) => console.error(`[lists] ${line}`),
  });
  console.log(listReport(results));
}
