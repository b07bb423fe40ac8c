import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BOX_DIR,
  type CommandContext,
  cleanNodeCheckOutput,
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

/** The syntax-check program the Python language table runs (the argument after `-c`). */
function pythonWrapper(): string {
  const def = findLanguageDefinition('python3')!;
  const argv = def.compile!.argv(ctxFor(def));
  return argv[argv.indexOf('-c') + 1]!;
}

/** Runs `python3 [args]` on the host; answers its exit code and output. */
function python(args: string[], cwd: string) {
  const r = spawnSync(resolveTool(['/usr/bin/python3', '/usr/local/bin/python3'])!, args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// Outside the sandbox on purpose: what is checked is the wrapper's Python, on the host's python3.
describe('the Python syntax check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'uplus-pycheck-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    mkdirSync(join(dir, name), { recursive: true });
    writeFileSync(join(dir, name, 'main.py'), text);
    return join(dir, name, 'main.py');
  };
  const forbidden = /Traceback|<string>|AttributeError|traceback\.|During handling|\/box\//;

  it('prints exactly what Python prints for the program, with the file named main.py', () => {
    for (const [name, source] of [
      ['unclosed', 'print(1\n'],
      ['indent', 'if True:\nprint(2)\n'],
      ['later', 'x = 1\ny = (\n  2 +\n)\n'],
    ] as const) {
      const path = write(name, source);
      const checked = python(['-I', '-c', pythonWrapper(), path], dir);
      // The program run directly, as the student would: Python names the file by the path it was given.
      const direct = python(['-I', path], dir);
      expect(checked.status, name).toBe(1);
      expect(checked.stdout, name).toBe('');
      // The interpreter's own printer draws one caret where the traceback module may underline the range.
      const caret = (text: string) => text.replace(/^( *)\^+$/gm, '$1^');
      expect(caret(checked.stderr), name).toBe(caret(direct.stderr.replaceAll(path, 'main.py')));
      expect(checked.stderr, name).toMatch(/\n *\^+\n/);
      expect(checked.stderr, name).toMatch(/^ {2}File "main\.py", line \d+\n/);
      expect(checked.stderr, name).toMatch(/\n(SyntaxError|IndentationError): .+\n$/);
      expect(checked.stderr, name).not.toMatch(forbidden);
    }
  });

  it('passes a correct program silently and reports a NUL byte as the program’s error', () => {
    const ok = python(['-I', '-c', pythonWrapper(), write('ok', 'print(1)\n')], dir);
    expect(ok).toEqual({ status: 0, stdout: '', stderr: '' });
    const nul = python(['-I', '-c', pythonWrapper(), write('nul', 'x = 1\n\0\n')], dir);
    expect(nul.status).toBe(1);
    expect(nul.stderr).toMatch(/^(SyntaxError|ValueError): .*null bytes/);
    expect(nul.stderr).not.toMatch(forbidden);
  });

  // Only one Python is installed here; the check covers 3.8 .. 3.13 by using no API missing from any.
  it('uses only APIs every supported Python 3 has (3.8 .. 3.13)', () => {
    const wrapper = pythonWrapper();
    const used = new Set([...wrapper.matchAll(/\b(sys|traceback)\.(\w+)/g)].map((m) => m[0]));
    expect([...used].sort()).toEqual(
      ['sys.argv', 'sys.exit', 'sys.stderr', 'traceback.format_exception_only'].filter((a) => used.has(a)),
    );
    expect(used.has('traceback.format_exception_only')).toBe(true);
    expect(wrapper.match(/^\s*(import|from)\b.*$/gm)).toEqual(['import sys, traceback']);
  });

  it('runs against a traceback module reduced to what 3.8 offers (format_exception_only(etype, value))', () => {
    // The stub has no print_exception_only, no TracebackException, and format_exception_only takes
    // exactly the two positional arguments of the 3.8 signature.
    const stub = [
      'import sys, types, traceback as _real',
      "_stub = types.ModuleType('traceback')",
      'def _format_exception_only(etype, value):',
      '    return _real.format_exception_only(etype, value)',
      '_stub.format_exception_only = _format_exception_only',
      "sys.modules['traceback'] = _stub",
    ].join('\n');
    const path = write('stubbed', 'print(1\n');
    const checked = python(['-I', '-c', `${stub}\n${pythonWrapper()}`, path], dir);
    expect(checked.status).toBe(1);
    expect(checked.stderr).toMatch(/^ {2}File "main\.py", line 1\n {4}print\(1\n/);
    expect(checked.stderr).toMatch(/\nSyntaxError: .+\n$/);
    expect(checked.stderr).not.toMatch(forbidden);
  });
});

describe('the JavaScript syntax check', () => {
  it('keeps the program’s error and drops Node’s internal frames and version line', () => {
    const text =
      'main.js:1\nconsole.log(1;\n            ^\n\nSyntaxError: missing ) after argument list\n' +
      '    at wrapSafe (node:internal/modules/cjs/loader:1464:18)\n' +
      '    at checkSyntax (node:internal/main/check_syntax:78:3)\n\nNode.js v20.20.2\n';
    const clean = findLanguageDefinition('javascript')!.compile!.cleanOutput!;
    expect(clean(text)).toBe(
      'main.js:1\nconsole.log(1;\n            ^\n\nSyntaxError: missing ) after argument list\n',
    );
    expect(cleanNodeCheckOutput('')).toBe('');
  });
});
