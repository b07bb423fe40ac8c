import { describe, expect, it } from 'vitest';
import { detectContentType, detectFileType, detectUploadType, isPlainText, mayBeCsv } from './file-type';
import { parseRange } from './range';
import { DOCS, ole2Of, zipOf } from './test-documents';

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

describe('detectContentType: the type from the first bytes', () => {
  it.each([
    ['89504e470d0a1a0a 0000000d49484452', 'image/png'],
    ['ffd8ffe0 00104a46', 'image/jpeg'],
    ['ffd8ffdb', 'image/jpeg'],
    [
      `${Buffer.from('RIFF').toString('hex')}24000000${Buffer.from('WEBPVP8 ').toString('hex')}`,
      'image/webp',
    ],
    [`${Buffer.from('RIFF').toString('hex')}24000000${Buffer.from('WAVEfmt ').toString('hex')}`, null],
    [`00000020${Buffer.from('ftypisom').toString('hex')}`, 'video/mp4'],
    [`00000018${Buffer.from('ftypmp42').toString('hex')}`, 'video/mp4'],
    ['1a45dfa3 9f4286810142f7', 'video/webm'],
    [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">').toString('hex'), null],
    [Buffer.from('GIF89a').toString('hex'), null],
    [Buffer.from('这是一个文本文件').toString('hex'), null],
    ['89504e47', null],
    ['', null],
  ])('%s -> %s', (bytes, type) => {
    expect(detectContentType(hex(bytes))).toBe(type);
  });
});

describe('parseRange: one range of a 1000-byte file', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-99', { kind: 'partial', range: { start: 0, end: 99 } }],
    ['bytes=900-', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-100', { kind: 'partial', range: { start: 900, end: 999 } }],
    ['bytes=-5000', { kind: 'partial', range: { start: 0, end: 999 } }],
    ['bytes=990-5000', { kind: 'partial', range: { start: 990, end: 999 } }],
    ['bytes=999-999', { kind: 'partial', range: { start: 999, end: 999 } }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['bytes=0-1,4-5', { kind: 'whole' }],
    ['pages=1-2', { kind: 'whole' }],
  ])('%s -> %o', (header, answer) => {
    expect(parseRange(header, 1000)).toEqual(answer);
  });

  it('has nothing to serve of an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange(undefined, 0)).toEqual({ kind: 'whole' });
  });
});

describe('detectFileType: documents from the whole file', () => {
  it.each([
    ['pdf', 'application/pdf'],
    ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['doc', 'application/msword'],
    // issue 14 (offer materials): Excel and PowerPoint are told apart too (attached resumes still refuse them)
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['xls', 'application/vnd.ms-excel'],
    ['text', null],
  ] as const)('%s -> %s', (name, type) => {
    expect(detectFileType(DOCS[name])).toBe(type);
  });

  it('knows PowerPoint files, and a zip or OLE2 file of nothing known is none', () => {
    expect(detectFileType(ole2Of('PowerPoint Document'))).toBe('application/vnd.ms-powerpoint');
    expect(detectFileType(zipOf({ 'ppt/presentation.xml': '<p/>' }))).toBe(
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    );
    expect(detectFileType(zipOf({ 'readme.txt': 'hello' }))).toBeNull();
    expect(detectFileType(ole2Of('Something'))).toBeNull();
  });

  it('finds word/document.xml through the central directory too, and images as before', () => {
    const docx = Buffer.from(DOCS.docx);
    // the entry's local header spoilt: its central directory record still names it
    const at = docx.indexOf('word/document.xml');
    docx.write('XX', at - 30);
    expect(detectFileType(docx)).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(detectFileType(Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'))).toBe('image/png');
    // the name in a file's text is not an entry
    expect(
      detectFileType(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.from(' word/document.xml')])),
    ).toBeNull();
  });
});

describe('CSV text (issue 16): only for a purpose allowing text/csv, a .csv name, and text bytes', () => {
  const DOC_TYPES = ['application/pdf', 'text/csv'];
  const gb18030 = Buffer.from('d0d5c3fb2cb3c9bca80ad5c5c8fd2c38380a', 'hex'); // 姓名,成绩\n张三,88\n in GB18030
  const utf8 = Buffer.from('姓名,成绩\n张三,90\n');

  it('knows text: UTF-8 (with or without a BOM) or GB18030; never NULs, control characters or broken bytes', () => {
    expect(isPlainText(utf8)).toBe(true);
    expect(isPlainText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toBe(true);
    expect(isPlainText(gb18030)).toBe(true);
    expect(isPlainText(Buffer.from('a,b\r\n1,2\t3\x1a'))).toBe(true);
    expect(isPlainText(Buffer.from('a,b\0'))).toBe(false);
    expect(isPlainText(Buffer.from('a,\x01b'))).toBe(false);
    // a lone lead byte is neither UTF-8 nor GB18030
    expect(isPlainText(Buffer.from([0x61, 0x2c, 0xff]))).toBe(false);
    expect(isPlainText(DOCS.pdf)).toBe(false);
  });

  it('takes a .csv of text as text/csv only where the purpose allows it', () => {
    expect(detectUploadType(utf8, { name: '成绩.csv', types: DOC_TYPES })).toBe('text/csv');
    expect(detectUploadType(gb18030, { name: 'SCORES.CSV', types: DOC_TYPES })).toBe('text/csv');
    // another ending, another purpose, or not text: none
    expect(detectUploadType(utf8, { name: '成绩.txt', types: DOC_TYPES })).toBeNull();
    expect(detectUploadType(utf8, { name: '成绩.csv', types: ['application/pdf'] })).toBeNull();
    expect(detectUploadType(Buffer.from('a\0b'), { name: 'x.csv', types: DOC_TYPES })).toBeNull();
    // a real type under a .csv name stays what it is; a zip of nothing known is no text either
    expect(detectUploadType(DOCS.pdf, { name: 'x.csv', types: DOC_TYPES })).toBe('application/pdf');
    expect(detectUploadType(zipOf({ 'a.txt': 'a,b' }), { name: 'x.csv', types: DOC_TYPES })).toBeNull();
    expect(mayBeCsv(utf8.subarray(0, 16), { name: 'x.csv', types: DOC_TYPES })).toBe(true);
    expect(mayBeCsv(DOCS.pdf.subarray(0, 16), { name: 'x.csv', types: DOC_TYPES })).toBe(false);
  });
});
