import { execFile } from 'node:child_process';
import { accessSync, constants, realpathSync } from 'node:fs';

/** Where the box (source, compiled program) appears inside the sandbox. */
export const BOX_DIR = '/box';

/** Absolute paths of one language's tools, resolved on the host (all under /usr, which the sandbox binds). */
export type Toolchain = Record<string, string>;

/** What a language needs to know about the evaluation to build its command lines. */
export type CommandContext = {
  toolchain: Toolchain;
  /** Source file name inside BOX_DIR. */
  sourceFile: string;
  /** Java: the public class that holds main. */
  mainClass: string;
  /** Memory limit of one test case, in MB. */
  memoryMb: number;
};

/** How a language's memory limit is enforced. */
export type MemoryPlan = {
  /** Memory cgroup limit of the whole sandbox while cases run (program plus the runtime's own needs). */
  cgroupBytes: number;
  /** RLIMIT_AS when no memory cgroup is available (0: not set). */
  addressSpaceBytes: number;
  /** RLIMIT_DATA when no memory cgroup is available (0: not set). Used for runtimes that reserve huge
   * address ranges (the JVM, V8) and so cannot live under RLIMIT_AS. */
  dataBytes: number;
};

export type LanguageDefinition = {
  /** Stable id used by the API (`languageId`). */
  id: string;
  /** Display name without the version. */
  name: string;
  /** Other spellings accepted as languageId (case-insensitive). */
  aliases: readonly string[];
  /** Tools to find: name -> candidate absolute paths, first usable wins. */
  tools: Readonly<Record<string, readonly string[]>>;
  /** Command printing the version; its stdout+stderr go to parseVersion. */
  versionCommand: (toolchain: Toolchain) => string[];
  parseVersion: (text: string) => string | null;
  /** Source file name for a given source (Java names it after its public class). */
  sourceFile: (source: string) => { sourceFile: string; mainClass: string };
  /** Compile or syntax-check step; null when the language has none. */
  compile: null | {
    argv: (ctx: CommandContext) => string[];
    /** True when the step writes files the run needs (then it runs in its own sandbox with the box
     * writable, and the run sandbox mounts the box read-only). False for syntax checks. */
    writesBox: boolean;
    /** File that must exist after a successful compile, relative to the box. */
    produces: ((ctx: CommandContext) => string) | null;
    /** 'compile' builds the program; 'syntax' only checks it (interpreted languages). */
    kind: 'compile' | 'syntax';
    /** Memory of a compile in its own sandbox (writesBox); a syntax check uses the run's plan. */
    memory: MemoryPlan | null;
    /** Removes the tool's own internals from its output (after the box path is cut), so the teacher sees
     * only the program's errors. */
    cleanOutput?: (text: string) => string;
  };
  run: (ctx: CommandContext) => string[];
  /** Processes and threads one case may have (RLIMIT_NPROC). */
  processes: number;
  /** RLIMIT_STACK for the program, in MB. */
  stackMb: number;
  memory: (memoryMb: number) => MemoryPlan;
};

const MB = 1024 * 1024;

function nativeMemory(memoryMb: number): MemoryPlan {
  return { cgroupBytes: memoryMb * MB, addressSpaceBytes: (memoryMb + 64) * MB, dataBytes: 0 };
}

/** gcc/g++: cc1 is native, so RLIMIT_AS works when there is no memory cgroup. */
const GCC_MEMORY: MemoryPlan = { cgroupBytes: 512 * MB, addressSpaceBytes: 1024 * MB, dataBytes: 0 };

function mainFile(name: string) {
  return () => ({ sourceFile: name, mainClass: '' });
}

/** Where a tool may be installed: the distribution's place first, then a local build. */
function usrTool(name: string): readonly string[] {
  return [`/usr/bin/${name}`, `/usr/local/bin/${name}`];
}

/** Reads the version as the first group of `pattern` in the tool's output, shown after `label`. */
function versionAfter(pattern: RegExp, label: string): (text: string) => string | null {
  return (text) => {
    const m = pattern.exec(text);
    return m ? `${label} ${m[1]}` : null;
  };
}

/**
 * Python's syntax check, run as `python3 -I -c <this> /box/main.py`. It prints only what Python itself
 * prints for the program (file name as the student knows it, line, caret, message), never a frame of this
 * wrapper. It must work on every Python 3 a host may have (3.8 to 3.13): it uses only `compile`,
 * `sys.argv`, `sys.stderr`, `sys.exit` and `traceback.format_exception_only(etype, value)`, present with
 * that signature in all of them (the wrapper once called `traceback.print_exception_only`, which Python
 * 3.11 does not have: its AttributeError was shown under the program's SyntaxError).
 * Any exception of `compile` counts (SyntaxError, ValueError for a NUL byte before 3.12, RecursionError or
 * MemoryError for absurd nesting): each is the program's own compile failure.
 */
export const PYTHON_SYNTAX_CHECK = [
  'import sys, traceback',
  'path = sys.argv[1]',
  'try:',
  "    with open(path, 'rb') as f:",
  '        source = f.read()',
  "    compile(source, path.rsplit('/', 1)[-1], 'exec')",
  'except Exception as e:',
  "    sys.stderr.write(''.join(traceback.format_exception_only(type(e), e)))",
  '    sys.exit(1)',
].join('\n');

/** Lines of Node's own frames (`at wrapSafe (node:internal/...)`) and its version trailer, which
 * `node --check` prints under a syntax error: runtime internals, not the program's error. */
const NODE_INTERNAL_LINE = /^(\s+at (?:.+ \()?node:internal\/.*|Node\.js v\d+\.\d+\.\d+)$/;

/** The compile step of an interpreted language: a syntax check of the source, which writes nothing. */
function syntaxCheck(
  argv: (ctx: CommandContext) => string[],
  cleanOutput?: (text: string) => string,
): LanguageDefinition['compile'] {
  return { argv, kind: 'syntax', writesBox: false, produces: null, memory: null, cleanOutput };
}

/** `node --check`'s output without Node's internal frames and version line (blank lines they leave at
 * the end go too). */
export function cleanNodeCheckOutput(text: string): string {
  const lines = text.split('\n').filter((line) => !NODE_INTERNAL_LINE.test(line));
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

const C_LIKE_FLAGS = ['-O2', '-pipe', '-fmax-errors=50', '-fdiagnostics-color=never'];

/** C and C++: gcc or g++ builds a native program `main` in the box, which then runs by itself. */
function gccLanguage(spec: {
  id: string;
  name: string;
  aliases: readonly string[];
  /** toolchain key and the driver it names */
  tool: string;
  driver: string;
  sourceFile: string;
  /** `-std=` option */
  std: string;
  /** libraries linked after the source */
  libraries: readonly string[];
}): LanguageDefinition {
  const { tool } = spec;
  return {
    id: spec.id,
    name: spec.name,
    aliases: spec.aliases,
    tools: { [tool]: usrTool(spec.driver) },
    versionCommand: (t) => [t[tool]!, '-dumpfullversion'],
    parseVersion: versionAfter(/^\s*(\d+(?:\.\d+)*)/, 'GCC'),
    sourceFile: mainFile(spec.sourceFile),
    compile: {
      argv: (ctx) => [
        ctx.toolchain[tool]!,
        ...C_LIKE_FLAGS,
        spec.std,
        '-o',
        `${BOX_DIR}/main`,
        `${BOX_DIR}/${ctx.sourceFile}`,
        ...spec.libraries,
      ],
      kind: 'compile',
      writesBox: true,
      produces: () => 'main',
      memory: GCC_MEMORY,
    },
    run: () => [`${BOX_DIR}/main`],
    processes: 64,
    stackMb: 64,
    memory: nativeMemory,
  };
}

/** The language table. Order is the order of `listLanguages()`. */
export const LANGUAGES: readonly LanguageDefinition[] = [
  gccLanguage({
    id: 'c',
    name: 'C',
    aliases: ['c11', 'gcc'],
    tool: 'cc',
    driver: 'gcc',
    sourceFile: 'main.c',
    std: '-std=gnu11',
    libraries: ['-lm'],
  }),
  gccLanguage({
    id: 'cpp',
    name: 'C++',
    aliases: ['c++', 'cpp17', 'g++'],
    tool: 'cxx',
    driver: 'g++',
    sourceFile: 'main.cpp',
    std: '-std=gnu++17',
    libraries: [],
  }),
  {
    id: 'java',
    name: 'Java',
    aliases: ['java17', 'jdk'],
    tools: { javac: usrTool('javac'), java: usrTool('java') },
    versionCommand: (t) => [t.javac!, '-version'],
    parseVersion: versionAfter(/javac\s+(\S+)/, 'OpenJDK'),
    sourceFile: (source) => {
      // javac insists that a public class lives in a file of the same name.
      const m = /\bpublic\s+(?:(?:final|abstract|strictfp)\s+)*class\s+([A-Za-z_$][\w$]{0,99})\b/.exec(
        source,
      );
      const mainClass = m?.[1] ?? 'Main';
      return { sourceFile: `${mainClass}.java`, mainClass };
    },
    compile: {
      argv: (ctx) => [
        ctx.toolchain.javac!,
        '-J-Xmx384m',
        '-J-XX:+UseSerialGC',
        '-J-XX:TieredStopAtLevel=1',
        '-J-XX:-UsePerfData',
        '-J-Xshare:auto',
        '-encoding',
        'UTF-8',
        '-proc:none',
        '-Xmaxerrs',
        '50',
        '-d',
        BOX_DIR,
        `${BOX_DIR}/${ctx.sourceFile}`,
      ],
      kind: 'compile',
      writesBox: true,
      produces: (ctx) => `${ctx.mainClass}.class`,
      memory: { cgroupBytes: 768 * MB, addressSpaceBytes: 0, dataBytes: 1536 * MB },
    },
    run: (ctx) => [
      ctx.toolchain.java!,
      `-Xmx${ctx.memoryMb}m`,
      '-Xss64m',
      '-XX:+UseSerialGC',
      '-XX:-UsePerfData',
      '-Xshare:auto',
      '-cp',
      BOX_DIR,
      ctx.mainClass,
    ],
    processes: 64,
    stackMb: 8,
    // The heap is capped by -Xmx; the JVM adds metaspace, code cache and thread stacks (-Xss64m applies to
    // every Java thread, ~9 at start) on top and reserves gigabytes of address space, so RLIMIT_AS would
    // stop it from starting and RLIMIT_DATA must leave room for the untouched stack reservations.
    memory: (memoryMb) => ({
      cgroupBytes: (memoryMb + 192) * MB,
      addressSpaceBytes: 0,
      dataBytes: (memoryMb + 1536) * MB,
    }),
  },
  {
    id: 'python3',
    name: 'Python 3',
    aliases: ['python', 'py', 'py3'],
    tools: { python: usrTool('python3') },
    versionCommand: (t) => [t.python!, '--version'],
    parseVersion: versionAfter(/Python\s+(\S+)/, 'Python'),
    sourceFile: mainFile('main.py'),
    // A syntax check, so that a syntax error is reported as a compile error like in the other languages.
    compile: syntaxCheck((ctx) => [
      ctx.toolchain.python!,
      '-I',
      '-c',
      PYTHON_SYNTAX_CHECK,
      `${BOX_DIR}/${ctx.sourceFile}`,
    ]),
    run: (ctx) => [ctx.toolchain.python!, '-B', `${BOX_DIR}/${ctx.sourceFile}`],
    processes: 64,
    stackMb: 64,
    memory: (memoryMb) => ({
      cgroupBytes: (memoryMb + 16) * MB,
      addressSpaceBytes: (memoryMb + 128) * MB,
      dataBytes: 0,
    }),
  },
  {
    id: 'javascript',
    name: 'JavaScript (Node.js)',
    aliases: ['js', 'node', 'nodejs'],
    tools: { node: usrTool('node') },
    versionCommand: (t) => [t.node!, '--version'],
    parseVersion: versionAfter(/v(\d+\.\d+\.\d+)/, 'Node.js'),
    sourceFile: mainFile('main.js'),
    compile: syntaxCheck(
      (ctx) => [ctx.toolchain.node!, '--check', `${BOX_DIR}/${ctx.sourceFile}`],
      cleanNodeCheckOutput,
    ),
    run: (ctx) => [
      ctx.toolchain.node!,
      `--max-old-space-size=${ctx.memoryMb}`,
      `${BOX_DIR}/${ctx.sourceFile}`,
    ],
    processes: 64,
    stackMb: 64,
    memory: (memoryMb) => ({
      cgroupBytes: (memoryMb + 128) * MB,
      addressSpaceBytes: 0,
      dataBytes: (memoryMb + 512) * MB,
    }),
  },
];

/** A language whose toolchain is present on this host. */
export type AvailableLanguage = {
  definition: LanguageDefinition;
  toolchain: Toolchain;
  /** Version read from the toolchain, e.g. "GCC 12.2.0". */
  version: string;
};

/** What `listLanguages()` returns: one entry per language the host can run. */
export type LanguageInfo = { id: string; name: string; version: string; sourceFile: string };

/** Finds a language definition by id, display name or alias (case-insensitive). */
export function findLanguageDefinition(idOrName: string): LanguageDefinition | undefined {
  const key = idOrName.trim().toLowerCase();
  if (!key) return undefined;
  return LANGUAGES.find(
    (l) => l.id === key || l.name.toLowerCase() === key || l.aliases.some((a) => a.toLowerCase() === key),
  );
}

/** Picks the first candidate that is an executable file whose real path stays under /usr (the only tool
 * tree bound into the sandbox). Returns the real path, so no /etc/alternatives link is needed inside. */
export function resolveTool(candidates: readonly string[]): string | null {
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      const real = realpathSync(candidate);
      if (real.startsWith('/usr/')) return real;
    } catch {
      // not installed here
    }
  }
  return null;
}

function readVersion(argv: string[]): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      argv[0]!,
      argv.slice(1),
      { env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' }, timeout: 20_000, maxBuffer: 64 * 1024 },
      (_error, stdout, stderr) => resolve(`${stdout}\n${stderr}`),
    );
  });
}

/** Detects one language: its tools and version, or null when something is missing. */
export async function detectLanguage(definition: LanguageDefinition): Promise<AvailableLanguage | null> {
  const toolchain: Toolchain = {};
  for (const [name, candidates] of Object.entries(definition.tools)) {
    const path = resolveTool(candidates);
    if (!path) return null;
    toolchain[name] = path;
  }
  const version = definition.parseVersion(await readVersion(definition.versionCommand(toolchain)));
  if (!version) return null;
  return { definition, toolchain, version };
}

let detected: Promise<AvailableLanguage[]> | null = null;

/** Languages whose toolchain is present, detected once per process (versions are read at first call). */
export function availableLanguages(): Promise<AvailableLanguage[]> {
  detected ??= Promise.all(LANGUAGES.map(detectLanguage)).then((all) =>
    all.filter((l): l is AvailableLanguage => l !== null),
  );
  return detected;
}

/** The languages this host can run, with their versions, for `GET .../programExecution/languages`. */
export async function listLanguages(): Promise<LanguageInfo[]> {
  return (await availableLanguages()).map((l) => ({
    id: l.definition.id,
    name: l.definition.name,
    version: l.version,
    sourceFile: l.definition.sourceFile('').sourceFile,
  }));
}

/** Finds an available language by id, name or alias. */
export async function findAvailableLanguage(idOrName: string): Promise<AvailableLanguage | undefined> {
  const definition = findLanguageDefinition(idOrName);
  if (!definition) return undefined;
  return (await availableLanguages()).find((l) => l.definition === definition);
}
