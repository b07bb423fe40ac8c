// The parsing half of extract-text.ts (issue 16 part 5), run in a child process with a heap limit and killed at
// the time limit: an uploaded document is hostile until read, and a parser that loops or allocates without end
// (a cyclic OLE2 sector chain, a zip bomb, a pathological PDF) must take down this process, never the server.
// (A worker thread is not enough: V8 may end the whole process when a worker passes its heap limit.)
//
// Plain JavaScript (not TypeScript) on purpose: the child runs the file as Node finds it, under tsx, vitest
// and the bundled server alike; extract-text.ts forks it by its path beside the source. It only parses: the
// kinds, messages, caps and formatting live in extract-text.ts. Protocol (one IPC message each way):
//   in:  { kind: 'pdf' | 'docx' | 'doc' | 'xlsx' | 'pptx', bytes: Uint8Array, maxChars, zipTotalBytes, zipEntryBytes }
//   out: { ok: true, truncated, pdf: { pages, total } | text | sheets: { name, rows }[] | slides: string[] }
//        { ok: false, reason: 'encrypted' | 'corrupt' | 'inflated' }
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** A refusal with a reason extract-text.ts turns into words. */
class Refused extends Error {
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

/** Counts characters collected so far, to stop reading once the cap is passed. */
const budget = (maxChars) => {
  let used = 0;
  return {
    add(text) {
      used += text.length;
    },
    get full() {
      return used > maxChars;
    },
  };
};

// ---- zip containers (docx, xlsx, pptx): every entry's real inflated size, counted before any parser reads it

/** The inflated size of one entry, stopping (and refusing) as soon as it passes `max`. */
const inflatedSize = (entry, max) =>
  new Promise((resolve, reject) => {
    let size = 0;
    const stream = entry.internalStream('uint8array');
    stream
      .on('data', (chunk) => {
        size += chunk.length;
        if (size > max) {
          stream.pause();
          reject(new Refused('inflated'));
        }
      })
      .on('error', () => reject(new Refused('corrupt')))
      .on('end', () => resolve(size))
      .resume();
  });

/**
 * Opens a zip and checks it before anything reads it: the sizes its headers declare and then the sizes its
 * entries really inflate to (a header may lie), each entry and all together under the limits.
 */
const checkedZip = async (bytes, limits) => {
  const JSZip = (await import('jszip')).default;
  let zip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw new Refused('corrupt');
  }
  const entries = Object.values(zip.files).filter((entry) => !entry.dir);
  if (entries.length > 20_000) throw new Refused('inflated');
  let total = 0;
  for (const entry of entries) {
    // biome-ignore lint/complexity/useLiteralKeys: JSZip keeps the declared size on its internal record
    const declared = Number(entry['_data']?.uncompressedSize ?? 0);
    if (declared > limits.zipEntryBytes) throw new Refused('inflated');
    total += await inflatedSize(entry, Math.min(limits.zipEntryBytes, limits.zipTotalBytes - total));
    if (total > limits.zipTotalBytes) throw new Refused('inflated');
  }
  return zip;
};

// ---- PDF

const pdf = async (bytes, limits) => {
  const { PDFParse } = await import('pdf-parse');
  const pdfjsDir = path.dirname(
    require.resolve('pdfjs-dist/package.json', { paths: [require.resolve('pdf-parse')] }),
  );
  const parser = new PDFParse({
    data: bytes,
    // Chinese PDFs made with unembedded fonts name Adobe's predefined CMaps (UniGB-UCS2-H …)
    cMapUrl: `${pdfjsDir}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
    isEvalSupported: false,
    stopAtErrors: false,
  });
  try {
    let info;
    try {
      info = await parser.getInfo();
    } catch (error) {
      if (error?.name === 'PasswordException') throw new Refused('encrypted');
      throw new Refused('corrupt');
    }
    const pages = [];
    const used = budget(limits.maxChars);
    for (let n = 1; n <= info.total && !used.full; n += 1) {
      const result = await parser.getText({ partial: [n] });
      const text = result.pages[0]?.text ?? '';
      used.add(text);
      pages.push(text);
    }
    return { pdf: { pages, total: info.total }, truncated: pages.length < info.total };
  } finally {
    await parser.destroy().catch(() => {});
  }
};

// ---- Word

const docx = async (bytes, limits) => {
  await checkedZip(bytes, limits);
  const mammoth = (await import('mammoth')).default;
  try {
    const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return { text: result.value };
  } catch {
    throw new Refused('corrupt');
  }
};

const doc = async (bytes) => {
  const WordExtractor = (await import('word-extractor')).default;
  let document;
  try {
    document = await new WordExtractor().extract(Buffer.from(bytes));
  } catch {
    throw new Refused('corrupt');
  }
  const parts = [
    document.getBody(),
    document.getTextboxes?.({ includeHeadersAndFooters: false, includeBody: true }) ?? '',
    document.getFootnotes(),
    document.getEndnotes(),
  ];
  return { text: parts.filter((part) => part?.trim()).join('\n\n') };
};

// ---- Excel: every sheet, rows of cell texts

const cellText = (cell) => {
  try {
    return cell.text ?? '';
  } catch {
    return String(cell.value ?? '');
  }
};

const xlsx = async (bytes, limits) => {
  await checkedZip(bytes, limits);
  const ExcelJS = (await import('exceljs')).default;
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes), {
      ignoreNodes: ['dataValidations', 'conditionalFormatting'],
    });
  } catch {
    throw new Refused('corrupt');
  }
  const used = budget(limits.maxChars);
  const sheets = [];
  let truncated = false;
  for (const sheet of workbook.worksheets) {
    if (used.full) {
      truncated = true;
      break;
    }
    const rows = [];
    sheet.eachRow({ includeEmpty: false }, (row) => {
      if (used.full) {
        truncated = true;
        return;
      }
      const cells = [];
      for (let c = 1; c <= row.cellCount; c += 1) cells.push(cellText(row.getCell(c)));
      while (cells.length && cells[cells.length - 1] === '') cells.pop();
      if (!cells.length) return;
      used.add(cells.join(','));
      rows.push(cells);
    });
    sheets.push({ name: sheet.name, rows });
  }
  return { sheets, truncated };
};

// ---- PowerPoint: the slides in the presentation's order, the texts of each

const XML_ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (text) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, code) => {
    if (code[0] !== '#') return XML_ENTITIES[code.toLowerCase()];
    const point = code[1].toLowerCase() === 'x' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
    return Number.isFinite(point) && point <= 0x10ffff ? String.fromCodePoint(point) : '';
  });

/** The texts of a slide's XML: each paragraph (a:p) a line of its runs (a:t). */
const slideText = (xml) =>
  xml
    .split(/<a:p[\s>]/)
    .slice(1)
    .map((paragraph) =>
      [...paragraph.matchAll(/<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/g)]
        .map((match) => unescapeXml(match[1]))
        .join(''),
    )
    .filter((line) => line.trim())
    .join('\n');

/** The slide parts in the order the presentation lists them (sldIdLst), else by their numbers. */
const slideOrder = async (zip) => {
  const byNumber = Object.keys(zip.files)
    .filter((name) => /^ppt\/slides\/slide\d+\.xml$/.test(name))
    .sort((a, b) => Number(a.match(/(\d+)\.xml$/)[1]) - Number(b.match(/(\d+)\.xml$/)[1]));
  const presentation = await zip.file('ppt/presentation.xml')?.async('string');
  const rels = await zip.file('ppt/_rels/presentation.xml.rels')?.async('string');
  if (!presentation || !rels) return byNumber;
  const targets = new Map();
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = match[0].match(/\bId="([^"]+)"/)?.[1];
    const target = match[0].match(/\bTarget="([^"]+)"/)?.[1];
    if (id && target)
      targets.set(id, path.posix.normalize(target.startsWith('/') ? target.slice(1) : `ppt/${target}`));
  }
  const list = presentation.match(/<p:sldIdLst>([\s\S]*?)<\/p:sldIdLst>/)?.[1] ?? '';
  const ordered = [...list.matchAll(/<p:sldId\b[^>]*\br:id="([^"]+)"/g)]
    .map((match) => targets.get(match[1]))
    .filter((name) => name && zip.file(name));
  return ordered.length ? ordered : byNumber;
};

const pptx = async (bytes, limits) => {
  const zip = await checkedZip(bytes, limits);
  const used = budget(limits.maxChars);
  const slides = [];
  const order = await slideOrder(zip);
  for (const name of order) {
    if (used.full) break;
    const text = slideText(await zip.file(name).async('string'));
    used.add(text);
    slides.push(text);
  }
  return { slides, truncated: slides.length < order.length };
};

const PARSERS = { pdf, docx, doc, xlsx, pptx };

const run = async (request) => {
  const { kind, bytes, ...limits } = request;
  try {
    const parse = PARSERS[kind];
    if (!parse) throw new Refused('corrupt');
    return { ok: true, truncated: false, ...(await parse(bytes, limits)) };
  } catch (error) {
    return { ok: false, reason: error instanceof Refused ? error.reason : 'corrupt' };
  }
};

process.once('message', async (request) => {
  const answer = await run(request);
  process.send(answer, () => process.exit(0));
});
