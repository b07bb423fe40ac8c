import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createDeflateRaw, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';
import { loadConfig } from '../../config/config';

/*
 * Real documents for the assistant's upload tests (issue 16 part 5), made the way their programs make them:
 * PDFs by pdfkit (Chinese in Noto Sans CJK, as the resume PDF embeds it), a workbook by exceljs, Word and
 * PowerPoint files as the OOXML packages Office writes (content types, relationships, parts). Word 97-2003,
 * Excel 97-2003 and PowerPoint 97-2003 files are committed beside this file (made by LibreOffice from these).
 */

const fonts = () => loadConfig({}).documents.pdfFonts;

/** A PDF from pdfkit: `draw` writes the pages; `options` e.g. a user password (encrypted). */
const pdfkit = (draw: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}) =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', ...options });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });

/** A two-page PDF in Chinese (Noto Sans CJK embedded with its ToUnicode map). */
export const chinesePdf = () =>
  pdfkit((doc) => {
    doc.registerFont('cjk', fonts().regular.path, fonts().regular.family);
    doc.font('cjk').fontSize(16).text('第一章 函数的极限');
    doc.fontSize(11).text('数列极限的定义：对任意给定的正数ε，总存在正整数N。');
    doc.addPage();
    doc.font('cjk').fontSize(16).text('第二章 导数与微分');
    doc.fontSize(11).text('导数描述函数在某一点的变化率。');
  });

/** A PDF of many pages of text (for the character cap). */
export const longPdf = (pages: number) =>
  pdfkit((doc) => {
    for (let n = 1; n <= pages; n += 1) {
      if (n > 1) doc.addPage();
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(`Page ${n}. ${'Limits and derivatives. '.repeat(60)}`);
    }
  });

/** A PDF that opens only with a password (RC4/AES as pdfkit encrypts). */
export const encryptedPdf = () =>
  pdfkit((doc) => doc.font('Helvetica').text('Secret lecture notes'), {
    userPassword: 'secret',
    ownerPassword: 'owner',
    pdfVersion: '1.7',
  });

/** A PNG of `width`×`height` pixels (a grey field with a darker band). */
export const png = (width: number, height: number) => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0; // greyscale
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width, y % 20 < 4 ? 60 : 220);
    row[0] = 0;
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

/** A scanned page: a PDF whose only content is a picture, no text layer. */
export const scannedPdf = () =>
  pdfkit((doc) => {
    doc.image(png(400, 300), 50, 50, { width: 400 });
  });

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const zip = (entries: Record<string, string | Buffer>) => {
  const archive = new JSZip();
  for (const [name, content] of Object.entries(entries)) archive.file(name, content);
  return archive.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
};

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A Word 2007+ document with these paragraphs and a 2×2 table. */
export const docx = (paragraphs: string[], table: string[][] = []) => {
  const p = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  const tbl = table.length
    ? `<w:tbl>${table.map((row) => `<w:tr>${row.map((cell) => `<w:tc>${p(cell)}</w:tc>`).join('')}</w:tr>`).join('')}</w:tbl>`
    : '';
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${paragraphs.map(p).join('')}${tbl}<w:sectPr/></w:body></w:document>`,
  });
};

/** An Excel workbook (exceljs) with these sheets of rows. */
export const xlsx = async (sheets: Record<string, (string | number)[][]>) => {
  const workbook = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = workbook.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';

/**
 * A PowerPoint 2007+ presentation: each slide a list of paragraphs. The slide parts are numbered in reverse
 * of their order in the presentation (as after moving slides in PowerPoint), so order comes from sldIdLst.
 */
export const pptx = (slides: string[][]) => {
  const count = slides.length;
  const part = (i: number) => count - i; // slide i (0-based) is stored as slide{count-i}.xml
  const entries: Record<string, string> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>' +
      slides
        .map(
          (_, i) =>
            `<Override PartName="/ppt/slides/slide${part(i)}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>`,
        )
        .join('') +
      '</Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    'ppt/presentation.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:presentation xmlns:p="${P}" xmlns:r="${REL}"><p:sldIdLst>${slides
      .map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 10}"/>`)
      .join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/></p:presentation>`,
    'ppt/_rels/presentation.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${PKG_REL}">${slides
      .map(
        (_, i) => `<Relationship Id="rId${i + 10}" Type="${REL}/slide" Target="slides/slide${part(i)}.xml"/>`,
      )
      .join('')}</Relationships>`,
  };
  slides.forEach((paragraphs, i) => {
    const body = paragraphs
      .map((text) => `<a:p><a:r><a:rPr lang="zh-CN"/><a:t>${xmlEscape(text)}</a:t></a:r></a:p>`)
      .join('');
    entries[`ppt/slides/slide${part(i)}.xml`] =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${REL}"><p:cSld><p:spTree>` +
      `<p:sp><p:txBody><a:bodyPr/>${body}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  });
  return zip(entries);
};

/** Raw deflate of `size` bytes of spaces, made a megabyte at a time (never the whole in memory). */
const deflatedSpaces = (size: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const deflate = createDeflateRaw({ level: 9 });
    const chunks: Buffer[] = [];
    deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
    deflate.on('end', () => resolve(Buffer.concat(chunks)));
    deflate.on('error', reject);
    const block = Buffer.alloc(1024 * 1024, 0x20);
    let left = size / block.length;
    const pump = () => {
      while (left > 0) {
        left -= 1;
        if (!deflate.write(block)) {
          deflate.once('drain', pump);
          return;
        }
      }
      deflate.end();
    };
    pump();
  });

/**
 * A zip bomb shaped as a .docx: a word/document.xml of `inflated` bytes (a multiple of 1 MB) of spaces,
 * deflated to a few hundred kilobytes; with `lie` its headers declare 1000 bytes instead.
 */
export const docxBomb = async (inflated: number, lie = false) => {
  const deflated = await deflatedSpaces(inflated);
  const name = Buffer.from('word/document.xml');
  const declared = lie ? 1000 : inflated;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8); // deflate
  local.writeUInt32LE(deflated.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(deflated.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(30 + name.length + deflated.length, 16);
  return Buffer.concat([local, name, deflated, central, name, end]);
};

/** An .xlsx/.pptx saved by LibreOffice as Excel or PowerPoint 97-2003 (.xls/.ppt). */
export const legacyOffice = async (soffice: string, bytes: Buffer, to: 'xls' | 'ppt' | 'doc') => {
  const from = { xls: 'xlsx', ppt: 'pptx', doc: 'docx' }[to];
  const dir = await mkdtemp(path.join(os.tmpdir(), 'uplus-legacy-'));
  try {
    await writeFile(path.join(dir, `in.${from}`), bytes);
    await promisify(execFile)(
      soffice,
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--norestore',
        '--convert-to',
        to,
        '--outdir',
        dir,
        path.join(dir, `in.${from}`),
      ],
      { timeout: 120_000 },
    );
    return await readFile(path.join(dir, `in.${to}`));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** A Word 97-2003 document made by LibreOffice from `docx(['第三章 数据库系统概论', …])` (committed). */
export const lectureDoc = () => readFile(path.join(import.meta.dirname, 'test-files/lecture.doc'));
