// bench/resume-lists: a member's resume section list (GET /resume_online_internships?resumeId=) and the
// percentages, with 10,000 internship rows of 500 other members in the table, against the same calls on a
// table holding only the member's own rows, in the same run (ratio = baseline median / median; 1.0: no
// slower). A section keeps at most 20 rows per resume, so one member's list is bounded; this checks that
// other members' rows cost nothing (index on resume_id). `npx tsx bench/resume-lists.ts`; PGlite.
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/test/app';
import { openTestDatabase } from '../apps/server/src/test/database';
import { buildSignedInMember } from '../apps/server/src/test/factories';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function runResumeListBench(repeat = 60) {
  const database = await openTestDatabase('pglite');
  const app = await buildApp(testConfig(), { database });
  const { db } = database;
  try {
    const me = await buildSignedInMember(db);
    const headers = { 'x-access-token': me.token };
    const resume = (await app.inject({ method: 'GET', url: '/api/ourea/resume_onlines', headers })).json()
      .data;
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/ourea/resume_online_internships',
        headers,
        payload: {
          resumeId: resume.id,
          companyName: `公司${i}`,
          occupationName: '实习生',
          inauguralAt: Date.UTC(2024, i, 1),
          resignAt: Date.UTC(2024, i + 1, 1),
          description: '',
        },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
    const measure = async () => {
      const take = async (url: string) => {
        const samples: number[] = [];
        for (let i = 0; i < repeat + 5; i++) {
          const started = performance.now();
          const res = await app.inject({ method: 'GET', url, headers });
          if (res.statusCode !== 200) throw new Error(res.body);
          if (i >= 5) samples.push(performance.now() - started);
        }
        return median(samples);
      };
      return {
        list: await take(`/api/ourea/resume_online_internships?resumeId=${resume.id}`),
        percentages: await take('/api/ourea/resume_onlines/percentages'),
      };
    };
    const baseline = await measure();
    // 500 other members with a resume and 20 internships each: 10,000 rows
    await db.execute(sql`
      insert into users (username, name, password_hash)
      select 'bench-resume-' || g, '学生' || g, 'x' from generate_series(1, 500) g`);
    await db.execute(sql`
      insert into resume_onlines (user_id)
      select id from users where username like 'bench-resume-%'`);
    await db.execute(sql`
      insert into resume_online_internships (resume_id, company_name, inaugural_at, resign_at, occupation_name)
      select r.id, '公司' || g, now() - interval '2 years', now() - interval '1 year', '实习生'
      from resume_onlines r cross join generate_series(1, 20) g
      where r.user_id <> ${me.user.id}`);
    await db.execute(sql`analyze`);
    const loaded = await measure();
    return [
      { name: 'internships list (5 rows)', baselineMs: baseline.list, ms: loaded.list },
      { name: 'percentages', baselineMs: baseline.percentages, ms: loaded.percentages },
    ].map((r) => ({ ...r, ratio: r.baselineMs / Math.max(0.001, r.ms) }));
  } finally {
    await app.close();
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await runResumeListBench(Number(process.env.BENCH_RESUME_LISTS_REPEAT ?? 60));
  console.log('resume lists with 10,000 other rows   baseline ms   ms    ratio');
  for (const r of rows)
    console.log(
      `${r.name.padEnd(36)} ${r.baselineMs.toFixed(2).padStart(10)} ${r.ms.toFixed(2).padStart(6)} ${r.ratio.toFixed(2).padStart(7)}`,
    );
}
