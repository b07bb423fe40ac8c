// bench/resume-pdf: the time to export an online resume as a PDF (issue 13), through the route
// (`GET /api/ourea/resume_onlines/pdf`, app.inject: the database reads, the avatar, pdfkit with the Noto Sans
// CJK subset, no network), for a full resume (every section filled, avatar: 2 pages) and for a long one
// (20 internships and 10 societies with their descriptions: 4-5 pages). The first export of a process is
// reported apart: it opens and parses the font files.
// Part of `npm run bench` (BENCH_RESUME_PDF); `npx tsx bench/resume-pdf.ts` runs it alone. The baseline is
// the same resume's preview JSON, timed interleaved in the same run (machines here are noisy). BENCH_RESUME_PDF_REPEAT (20);
// BENCH_RESUME_PDF_OUT=dir writes the two PDFs there. On PGlite.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../apps/server/src/app';
import { fillFullResume } from '../apps/server/src/modules/resume/resume-preview.test-data';
import { createLocalStore } from '../apps/server/src/storage/local-store';
import { testConfig } from '../apps/server/src/test/app';
import { openTestDatabase } from '../apps/server/src/test/database';
import { buildSignedInMember } from '../apps/server/src/test/factories';

export type ResumePdfCase = {
  name: string;
  pages: number;
  bytes: number;
  firstMs: number;
  medianMs: number;
  p95Ms: number;
  /** baseline: the same resume's preview JSON (`GET /resume_onlines/preview`), median ms, same run */
  previewMedianMs: number;
  /** medianMs / previewMedianMs: what the PDF costs over reading the resume */
  ratio: number;
};

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};

export async function runResumePdfBench(
  options: { repeat?: number; out?: string; log?: (line: string) => void } = {},
): Promise<ResumePdfCase[]> {
  const repeat = options.repeat ?? 20;
  const log = options.log ?? (() => {});
  const config = testConfig();
  const database = await openTestDatabase('pglite');
  const app = await buildApp(config, { database });
  const results: ResumePdfCase[] = [];
  try {
    const storage = config.storage.kind === 'local' ? createLocalStore(config.storage.dir) : null;
    const files = storage ? { db: database.db, storage, now: () => new Date() } : undefined;
    const cases = [
      { name: 'full resume (every section)', repeat: 1 },
      { name: 'long resume (20 internships, 10 societies)', repeat: 10 },
    ];
    for (const c of cases) {
      const member = await buildSignedInMember(database.db);
      await fillFullResume(database.db, member.user.id, { files, repeat: c.repeat });
      const samples: number[] = [];
      const previewSamples: number[] = [];
      let pdf: Buffer = Buffer.alloc(0);
      for (let i = 0; i <= repeat; i += 1) {
        // the baseline, interleaved: the preview reads the same rows and signs the same avatar address
        const previewStarted = performance.now();
        const preview = await app.inject({
          method: 'GET',
          url: '/api/ourea/resume_onlines/preview',
          headers: { 'x-access-token': member.token },
        });
        if (preview.statusCode !== 200) throw new Error(`preview answered ${preview.statusCode}`);
        if (i > 0) previewSamples.push(performance.now() - previewStarted);
        const started = performance.now();
        const res = await app.inject({
          method: 'GET',
          url: '/api/ourea/resume_onlines/pdf',
          headers: { 'x-access-token': member.token },
        });
        samples.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        pdf = res.rawPayload;
      }
      const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
      const [first = 0, ...rest] = samples;
      results.push({
        name: c.name,
        pages,
        bytes: pdf.length,
        firstMs: first,
        medianMs: quantile(rest, 0.5),
        p95Ms: quantile(rest, 0.95),
        previewMedianMs: quantile(previewSamples, 0.5),
        ratio: quantile(rest, 0.5) / Math.max(0.001, quantile(previewSamples, 0.5)),
      });
      log(`${c.name}: ${pages} pages, ${(pdf.length / 1024).toFixed(0)} KiB`);
      if (options.out) {
        mkdirSync(options.out, { recursive: true });
        writeFileSync(path.join(options.out, `resume-${c.repeat}.pdf`), pdf);
      }
    }
  } finally {
    await app.close();
    await database.close();
  }
  return results;
}

export function resumePdfReport(results: ResumePdfCase[]): string {
  const lines = [
    `${'resume PDF export (baseline: its preview JSON)'.padEnd(44)} pages     KiB   first ms  median ms   p95 ms  preview ms   ratio`,
  ];
  for (const r of results) {
    lines.push(
      [
        r.name.padEnd(44),
        String(r.pages).padStart(3),
        (r.bytes / 1024).toFixed(0).padStart(7),
        r.firstMs.toFixed(0).padStart(10),
        r.medianMs.toFixed(0).padStart(10),
        r.p95Ms.toFixed(0).padStart(8),
        r.previewMedianMs.toFixed(1).padStart(11),
        r.ratio.toFixed(1).padStart(7),
      ].join(' '),
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const results = await runResumePdfBench({
    repeat: Number(process.env.BENCH_RESUME_PDF_REPEAT ?? 20),
    out: process.env.BENCH_RESUME_PDF_OUT,
    log: (line) => console.error(`[resume-pdf] ${line}`),
  });
  console.log(resumePdfReport(results));
}
