import { randomBytes } from 'node:crypto';

/* Test documents of the files area: a PDF, Word .doc (OLE2) and .docx (zip), and look-alikes that are not. */

/** A zip archive (stored, no compression) of the named entries: local headers, central directory, end. */
export const zipOf = (entries: Record<string, string | Buffer>): Buffer => {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
};

/** An OLE2 compound file whose directory (sector 0, after the 512-byte header) names one stream. */
export const ole2Of = (streamName: string): Buffer => {
  const file = Buffer.alloc(512 * 3);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0);
  file.writeUInt16LE(9, 0x1e); // 512-byte sectors
  file.writeUInt32LE(0, 0x30); // directory starts at sector 0
  const entry = (at: number, name: string, type: number) => {
    Buffer.from(`${name}\0`, 'utf16le').copy(file, at);
    file.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    file[at + 0x42] = type;
  };
  entry(512, 'Root Entry', 5);
  entry(512 + 128, streamName, 2);
  randomBytes(512).copy(file, 1024);
  return file;
};

const CONTENT_TYPES =
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';

export const DOCS = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n'), randomBytes(2000), Buffer.from('\n%%EOF\n')]),
  docx: zipOf({
    '[Content_Types].xml': CONTENT_TYPES,
    'word/document.xml':
      '<w:document><w:body><w:p><w:r><w:t>张三的简历</w:t></w:r></w:p></w:body></w:document>',
  }),
  doc: ole2Of('WordDocument'),
  /** an Excel workbook: a zip, but no word/document.xml */
  xlsx: zipOf({ '[Content_Types].xml': CONTENT_TYPES, 'xl/workbook.xml': '<workbook/>' }),
  /** an Excel 97 workbook: OLE2 with a Workbook stream */
  xls: ole2Of('Workbook'),
  text: Buffer.from('这只是一个改了名字的文本文件。\n'.repeat(20)),
};
