import { describe, expect, it } from 'vitest';
import { attachedExtensionOf, attachedNameOf, checkAttachedFile, firstAttachedNameError } from './attached';
import { RESUME_MSG } from './rules';

describe('attached resume rules (spec 5)', () => {
  it('knows doc, docx and pdf by name, in any case, and nothing else', () => {
    expect(attachedExtensionOf('简历.PDF')).toBe('pdf');
    expect(attachedExtensionOf('a.b.docx')).toBe('docx');
    expect(attachedExtensionOf('old.doc ')).toBe('doc');
    for (const name of ['a.pdf.exe', 'pdf', 'a.txt', 'a.', '']) expect(attachedExtensionOf(name)).toBeNull();
  });

  it('checks the type first, then the size (at most 20 MB)', () => {
    const MB = 1024 * 1024;
    expect(checkAttachedFile({ name: 'a.png', size: 30 * MB })).toBe(RESUME_MSG.attachedType);
    expect(checkAttachedFile({ name: 'a.pdf', size: 20 * MB + 1 })).toBe(RESUME_MSG.attachedSize);
    expect(checkAttachedFile({ name: 'a.pdf', size: 20 * MB })).toBeNull();
  });

  it('names an attachment after its file, without path or extension, at most 50 characters', () => {
    expect(attachedNameOf('C:\\简历\\王小明-前端.docx')).toBe('王小明-前端');
    expect(attachedNameOf(`${'名'.repeat(60)}.pdf`)).toBe('名'.repeat(50));
    expect(attachedNameOf('.pdf')).toBe('附件简历');
  });

  it('requires a name of at most 50 characters (counted as people count them)', () => {
    expect(firstAttachedNameError('  ')).toBe(RESUME_MSG.attachedNameRequired);
    expect(firstAttachedNameError(undefined)).toBe(RESUME_MSG.attachedNameRequired);
    expect(firstAttachedNameError('😀'.repeat(50))).toBeNull();
    expect(firstAttachedNameError('名'.repeat(51))).toBe(RESUME_MSG.attachedNameTooLong);
  });
});
