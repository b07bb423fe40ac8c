import { existsSync } from 'node:fs';
import { formatMonth, RESUME_PDF_MSG, type ResumePreview, resumeSectionTitle } from '@uplus/shared';
import PDFDocument from 'pdfkit';
import { AppError } from '../../core/errors';

/*
 * The online resume as an A4 PDF (issue 13: "exports correct Chinese from day one"). The text is set in
 * Noto Sans CJK, embedded as a subset with its ToUnicode map, so a reader shows the Chinese and a text
 * extraction (search, copy, an applicant tracking system) gets the same characters back. pdfkit's standard
 * fonts hold no CJK glyphs at all: that is the garbling Reactive Resume's users complain of.
 *
 * Layout: a header (name, facts, contacts, intention; the avatar at the right), then the sections of the
 * page in order, empty ones left out. A section title or an entry's heading never ends a page alone; long
 * descriptions flow on to the next page; every page gets 第 n 页 / 共 m 页.
 */

/** A font file and the face to use in it (a .ttc holds several: its PostScript name picks one). */
export type PdfFont = { path: string; family: string };
/** The regular face for text and the bold one for headings. */
export type PdfFonts = { regular: PdfFont; bold: PdfFont };

const NOTO_DIR = '/usr/share/fonts/opentype/noto';

/**
 * The fonts from the environment: RESUME_PDF_FONT / RESUME_PDF_FONT_FAMILY and RESUME_PDF_BOLD_FONT /
 * RESUME_PDF_BOLD_FONT_FAMILY; by default Debian's fonts-noto-cjk (Simplified Chinese faces).
 */
export const pdfFontsFromEnv = (env: Record<string, string | undefined> = process.env): PdfFonts => ({
  regular: {
    path: env.RESUME_PDF_FONT || `${NOTO_DIR}/NotoSansCJK-Regular.ttc`,
    family: env.RESUME_PDF_FONT_FAMILY || 'NotoSansCJKsc-Regular',
  },
  bold: {
    path: env.RESUME_PDF_BOLD_FONT || `${NOTO_DIR}/NotoSansCJK-Bold.ttc`,
    family: env.RESUME_PDF_BOLD_FONT_FAMILY || 'NotoSansCJKsc-Bold',
  },
});

/** 503 with a clear text when a font file is not there (the fonts-noto-cjk package is not installed). */
export const checkFonts = (fonts: PdfFonts) => {
  const missing = [fonts.regular.path, fonts.bold.path].filter((p) => !existsSync(p));
  if (missing.length > 0) {
    throw new AppError(503, `${RESUME_PDF_MSG.fontMissing}（缺少 ${missing.join('、')}）`);
  }
};

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 48, bottom: 50, left: 52, right: 52 };
const CONTENT_WIDTH = A4.width - MARGIN.left - MARGIN.right;
const COLOR = { text: '#1f2329', muted: '#646a73', accent: '#1d5fd1', rule: '#c9d3e3' };
const AVATAR = 76;

type Doc = PDFKit.PDFDocument;

const range = (start: number, end: number) => `${formatMonth(start)} - ${formatMonth(end)}`;
const joined = (parts: (string | null | undefined)[], sep = '  |  ') => parts.filter(Boolean).join(sep);
/** The lines of a multi-line text (spec 5: strengths and descriptions are shown line by line). */
const linesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''));

const bottom = () => A4.height - MARGIN.bottom;

/** Starts a new page unless `height` more points fit on this one. */
const keep = (doc: Doc, height: number) => {
  if (doc.y + height > bottom()) doc.addPage();
};

/** A section's title: kept with room for its first entry's heading below it. */
const sectionTitle = (doc: Doc, title: string) => {
  keep(doc, 62);
  doc.moveDown(0.7);
  const y = doc.y;
  doc.rect(MARGIN.left, y + 3, 3.5, 13).fill(COLOR.accent);
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(COLOR.text)
    .text(title, MARGIN.left + 10, y, { width: CONTENT_WIDTH - 10 });
  const ruleY = doc.y + 3;
  doc
    .moveTo(MARGIN.left, ruleY)
    .lineTo(MARGIN.left + CONTENT_WIDTH, ruleY)
    .lineWidth(0.6)
    .strokeColor(COLOR.rule)
    .stroke();
  doc.x = MARGIN.left;
  doc.y = ruleY + 8;
};

/**
 * An entry's heading: the name in bold at the left, the period (muted) at the right, one line; `room` is
 * what must fit under it on this page (its detail line and the first line of its description).
 */
const heading = (doc: Doc, name: string, when: string, room = 40) => {
  keep(doc, 18 + room);
  const y = doc.y;
  doc.font('regular').fontSize(10);
  const whenWidth = when ? doc.widthOfString(when) + 4 : 0;
  // the name first: text is extracted (by readers, by applicant tracking systems) in drawing order
  doc
    .font('bold')
    .fontSize(11.5)
    .fillColor(COLOR.text)
    .text(name, MARGIN.left, y, { width: CONTENT_WIDTH - whenWidth - 12 });
  const after = doc.y;
  if (when) {
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(COLOR.muted)
      .text(when, MARGIN.left, y + 1, { width: CONTENT_WIDTH, align: 'right' });
  }
  doc.x = MARGIN.left;
  doc.y = Math.max(after, doc.y);
};

const detail = (doc: Doc, text: string) => {
  if (!text) return;
  doc.moveDown(0.15);
  doc.font('regular').fontSize(10).fillColor(COLOR.muted).text(text, MARGIN.left, doc.y, {
    width: CONTENT_WIDTH,
  });
};

const paragraphs = (doc: Doc, text: string) => {
  const lines = linesOf(text);
  if (lines.length === 0) return;
  doc.moveDown(0.3);
  doc.font('regular').fontSize(10.5).fillColor(COLOR.text);
  for (const line of lines) {
    doc.text(line || ' ', MARGIN.left, doc.y, { width: CONTENT_WIDTH, lineGap: 3, paragraphGap: 2 });
  }
};

const gap = (doc: Doc) => doc.moveDown(0.6);

const header = (doc: Doc, resume: ResumePreview, portrait: Buffer | null) => {
  const p = resume.profile;
  const textWidth = portrait ? CONTENT_WIDTH - AVATAR - 20 : CONTENT_WIDTH;
  const top = MARGIN.top;
  if (portrait) {
    try {
      doc.image(portrait, MARGIN.left + CONTENT_WIDTH - AVATAR, top, {
        fit: [AVATAR, AVATAR],
        align: 'center',
        valign: 'center',
      });
    } catch {
      // an image pdfkit cannot read (only png and jpeg are kept as avatars): the resume goes without it
    }
  }
  doc
    .font('bold')
    .fontSize(22)
    .fillColor(COLOR.text)
    .text(p.name || '未填写姓名', MARGIN.left, top, { width: textWidth });
  doc.moveDown(0.25);
  doc.font('regular').fontSize(10.5).fillColor(COLOR.muted);
  const facts = joined([p.sexTitle, p.age === null ? '' : `${p.age}岁`, p.politicalStatusTitle]);
  if (facts) doc.text(facts, MARGIN.left, doc.y, { width: textWidth, lineGap: 2 });
  const contacts = joined([p.mobile && `手机：${p.mobile}`, p.email && `邮箱：${p.email}`]);
  if (contacts) doc.text(contacts, MARGIN.left, doc.y, { width: textWidth, lineGap: 2 });
  const i = resume.intention;
  const intention = joined([
    i.positions.length ? `意向职位：${i.positions.join('、')}` : '',
    i.cities.length ? `意向城市：${i.cities.join('、')}` : '',
    i.salary && `期望月薪：${i.salary}`,
    i.statusTitle,
  ]);
  if (intention) doc.text(intention, MARGIN.left, doc.y, { width: textWidth, lineGap: 2 });
  doc.y = Math.max(doc.y, portrait ? top + AVATAR : 0) + 6;
  doc.x = MARGIN.left;
};

const body = (doc: Doc, r: ResumePreview) => {
  if (r.strength.trim()) {
    sectionTitle(doc, resumeSectionTitle('strength'));
    paragraphs(doc, r.strength);
  }
  if (r.educations.length) {
    sectionTitle(doc, resumeSectionTitle('education'));
    for (const e of r.educations) {
      heading(doc, e.schoolName, range(e.enrolmentAt, e.graduateAt), 18);
      detail(
        doc,
        joined([e.majorName, e.degreeTitle, e.gradingRankTitle && `成绩排名 ${e.gradingRankTitle}`]),
      );
      gap(doc);
    }
  }
  if (r.internships.length) {
    sectionTitle(doc, resumeSectionTitle('internship'));
    for (const w of r.internships) {
      heading(doc, w.companyName, range(w.inauguralAt, w.resignAt));
      detail(doc, w.occupationName);
      paragraphs(doc, w.description);
      gap(doc);
    }
  }
  if (r.societies.length) {
    sectionTitle(doc, resumeSectionTitle('society'));
    for (const s of r.societies) {
      heading(doc, s.societyName, range(s.startAt, s.endAt));
      detail(doc, s.occupationName);
      paragraphs(doc, s.description);
      gap(doc);
    }
  }
  if (r.awards.length) {
    sectionTitle(doc, resumeSectionTitle('award'));
    for (const a of r.awards) {
      heading(doc, a.name, formatMonth(a.awardedAt), 0);
      doc.moveDown(0.35);
    }
  }
  if (r.languages.length) {
    sectionTitle(doc, resumeSectionTitle('language'));
    for (const l of r.languages) {
      heading(doc, l.language, l.proficiencyLevelTitle, 0);
      doc.moveDown(0.35);
    }
  }
  if (r.evaluation.trim()) {
    sectionTitle(doc, resumeSectionTitle('evaluation'));
    paragraphs(doc, r.evaluation);
  }
};

/** 第 n 页 / 共 m 页 at the foot of every page (written last, over the bottom margin). */
const footers = (doc: Doc) => {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .font('regular')
      .fontSize(8.5)
      .fillColor(COLOR.muted)
      .text(`第 ${i + 1} 页 / 共 ${count} 页`, MARGIN.left, A4.height - 34, {
        width: CONTENT_WIDTH,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins = margins;
  }
};

/** What a character the font cannot draw becomes: a visible box that extracts as itself, not as U+0000. */
export const MISSING_GLYPH = '□';
/** Joiners and modifiers of emoji sequences: dropped with the emoji rather than boxed one by one. */
const SEQUENCE_PART = /^[\u200d\ufe00-\ufe0f\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]$/u;

type FontCoverage = { hasGlyphForCodePoint: (codePoint: number) => boolean };

/**
 * Every string of the resume with the characters the face lacks (emoji, rare CJK extension B characters)
 * replaced by MISSING_GLYPH: drawn, they would be empty boxes that extract as U+0000.
 */
const drawableResume = (resume: ResumePreview, font: FontCoverage): ResumePreview => {
  const clean = (text: string) => {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) as number;
      if (ch === '\n' || ch === '\r' || ch === ' ' || ch === '\t' || font.hasGlyphForCodePoint(cp)) out += ch;
      else if (!SEQUENCE_PART.test(ch)) out += MISSING_GLYPH;
    }
    return out;
  };
  const walk = (value: unknown): unknown =>
    typeof value === 'string'
      ? clean(value)
      : Array.isArray(value)
        ? value.map(walk)
        : value && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]))
          : value;
  return walk(resume) as ResumePreview;
};

/** Renders the resume; `portrait` is the avatar's bytes (png or jpeg) or null. */
export const renderResumePdf = (opts: {
  resume: ResumePreview;
  portrait: Buffer | null;
  fonts: PdfFonts;
  now: Date;
}): Promise<Buffer> => {
  checkFonts(opts.fonts);
  const name = opts.resume.profile.name;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: {
      Title: name ? `${name}的简历` : '简历',
      Author: name,
      Creator: 'Uplus',
      CreationDate: opts.now,
    },
    lang: 'zh-CN',
    displayTitle: true,
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  try {
    doc.registerFont('regular', opts.fonts.regular.path, opts.fonts.regular.family);
    doc.registerFont('bold', opts.fonts.bold.path, opts.fonts.bold.family);
    // fonts are opened on first use: open both here, where a bad one can be told apart
    doc.font('bold').font('regular');
  } catch {
    // a file that is there but is not a font, or holds no face of that name
    throw new AppError(503, `${RESUME_PDF_MSG.fontMissing}（字体不可用）`);
  }
  // pdfkit keeps the face it opened (fontkit's) on the document; its coverage is not in the typings
  const face = (doc as unknown as { _font: { font: FontCoverage } })._font.font;
  const resume = drawableResume(opts.resume, face);
  header(doc, resume, opts.portrait);
  body(doc, resume);
  footers(doc);
  doc.end();
  return done;
};
