import { describe, expect, it } from 'vitest';
import {
  BOX_DIR,
  type CommandContext,
  detectLanguage,
  findLanguageDefinition,
  LANGUAGES,
  type LanguageDefinition,
  listLanguages,
  resolveTool,
} from './languages';

const MB = 1024 * 1024;

function ctxFor(def: LanguageDefinition, source = ''): CommandContext {
  const toolchain = Object.fromEntries(Object.keys(def.tools).map((k) => [k, `/usr/bin/${k}`]));
  return { toolchain, ...def.sourceFile(source), memoryMb: 256 };
}

describe('language table', () => {
  it('offers at least C, C++, Java, Python 3 and JavaScript with unique ids', () => {
    const ids = LANGUAGES.map((l) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['c', 'cpp', 'java', 'python3', 'javascript']));
    expect(new Set(ids).size).toBe(ids.length);
    // Every spelling leads back to its own language.
    for (const l of LANGUAGES) {
      for (const key of [l.id, l.name, ...l.aliases]) expect(findLanguageDefinition(key), key).toBe(l);
    }
  });

  it('finds languages by id, display name or alias, case-insensitively', () => {
    expect(findLanguageDefinition('C')?.id).toBe('c');
    expect(findLanguageDefinition('c++')?.id).toBe('cpp');
    expect(findLanguageDefinition(' Python ')?.id).toBe('python3');
    expect(findLanguageDefinition('JS')?.id).toBe('javascript');
    expect(findLanguageDefinition('JavaScript (Node.js)')?.id).toBe('javascript');
    expect(findLanguageDefinition('cobol')).toBeUndefined();
    expect(findLanguageDefinition('')).toBeUndefined();
  });

  it('compiles and runs everything inside the box with absolute paths', () => {
    for (const def of LANGUAGES) {
      const ctx = ctxFor(def);
      const run = def.run(ctx);
      expect(run[0]!.startsWith('/'), def.id).toBe(true);
      expect(run.join(' '), def.id).toContain(BOX_DIR);
      if (def.compile) {
        const argv = def.compile.argv(ctx);
        expect(argv[0]!.startsWith('/'), def.id).toBe(true);
        expect(argv.join(' '), def.id).toContain(`${BOX_DIR}/${ctx.sourceFile}`);
      }
    }
  });

  it('names the Java file after its public class', () => {
    const java = findLanguageDefinition('java')!;
    expect(java.sourceFile('public class Solution { }')).toEqual({
      sourceFile: 'Solution.java',
      mainClass: 'Solution',
    });
    expect(java.sourceFile('public final class P$1 {}').mainClass).toBe('P$1');
    expect(java.sourceFile('class Hidden {}')).toEqual({ sourceFile: 'Main.java', mainClass: 'Main' });
    const ctx = ctxFor(java, 'public class Solution {}');
    expect(java.run(ctx).at(-1)).toBe('Solution');
    expect(java.compile!.produces!(ctx)).toBe('Solution.class');
  });

  it('passes the memory limit to the JVM and V8, and keeps them off RLIMIT_AS', () => {
    for (const id of ['java', 'javascript']) {
      const def = findLanguageDefinition(id)!;
      const plan = def.memory(256);
      expect(plan.addressSpaceBytes, id).toBe(0);
      expect(plan.dataBytes, id).toBeGreaterThan(256 * MB);
      expect(plan.cgroupBytes, id).toBeGreaterThan(256 * MB);
    }
    expect(findLanguageDefinition('java')!.run(ctxFor(findLanguageDefinition('java')!))).toContain(
      '-Xmx256m',
    );
    expect(
      findLanguageDefinition('javascript')!.run(ctxFor(findLanguageDefinition('javascript')!)),
    ).toContain('--max-old-space-size=256');
  });

  it('limits native programs to exactly the memory limit in the cgroup', () => {
    for (const id of ['c', 'cpp']) {
      const plan = findLanguageDefinition(id)!.memory(128);
      expect(plan.cgroupBytes).toBe(128 * MB);
      expect(plan.addressSpaceBytes).toBeGreaterThan(128 * MB);
    }
  });

  it('parses toolchain versions', () => {
    expect(findLanguageDefinition('c')!.parseVersion('12.2.0\n')).toBe('GCC 12.2.0');
    expect(findLanguageDefinition('java')!.parseVersion('javac 17.0.15\n')).toBe('OpenJDK 17.0.15');
    expect(findLanguageDefinition('python3')!.parseVersion('Python 3.11.2\n')).toBe('Python 3.11.2');
    expect(findLanguageDefinition('javascript')!.parseVersion('v20.20.2\n')).toBe('Node.js 20.20.2');
    expect(findLanguageDefinition('c')!.parseVersion('command not found')).toBeNull();
  });

  it('keeps interpreted languages on a syntax check that does not write the box', () => {
    for (const id of ['python3', 'javascript']) {
      expect(findLanguageDefinition(id)!.compile).toMatchObject({ kind: 'syntax', writesBox: false });
    }
    for (const id of ['c', 'cpp', 'java']) {
      expect(findLanguageDefinition(id)!.compile).toMatchObject({ kind: 'compile', writesBox: true });
    }
  });
});

describe('toolchain detection', () => {
  it('only accepts tools under /usr', () => {
    expect(resolveTool(['/nonexistent/gcc'])).toBeNull();
    expect(resolveTool(['/bin/sh'])).toMatch(/^\/usr\//);
  });

  it('does not offer a language whose toolchain is missing', async () => {
    const fake: LanguageDefinition = {
      ...findLanguageDefinition('c')!,
      id: 'fake',
      tools: { cc: ['/nope/cc'] },
    };
    expect(await detectLanguage(fake)).toBeNull();
  });

  it('lists the present languages with the version read from the toolchain', async () => {
    const listed = await listLanguages();
    for (const lang of listed) {
      const def = findLanguageDefinition(lang.id)!;
      expect(lang.version).toMatch(/\d+\.\d+/);
      expect(Object.values(def.tools).every((candidates) => resolveTool(candidates) !== null)).toBe(true);
    }
    const present = LANGUAGES.filter((l) => Object.values(l.tools).every((c) => resolveTool(c) !== null));
    expect(listed.map((l) => l.id)).toEqual(present.map((l) => l.id));
  });
});
