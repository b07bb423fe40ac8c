import { type ChatType, isDiagramChatType } from '@uplus/shared';

/*
 * SEAM (issue 16): the diagram chat types answer Mermaid, checked here before it is kept. Owner: helper
 * as-prompts. `checkDiagram` reads the finished answer: the checked source, or the error to show.
 *
 * Mermaid itself needs a DOM, so the server has its own checker for the subset our prompts ask for: the
 * header fits the chat type (classDiagram; sequenceDiagram; flowchart/graph with a direction for process,
 * use-case and architecture diagrams), every statement is one the kind knows (relations and arrows read by
 * small parsers), brackets and quotes are balanced, blocks (subgraph, loop/alt/opt/par/critical/break/rect/
 * box, class and namespace bodies) are closed, and nothing that could run or reach out is there (init
 * directives, click/link/callback, scripts, javascript: addresses, event handlers, url()). It refuses
 * rather than guesses: a refused diagram is still shown as source in the browser.
 */
export type DiagramCheck = { diagram: string | null; error: string | null };

const MAX_CHARS = 20_000;
const MAX_LINES = 600;

const refuse = (reason: string): DiagramCheck => ({ diagram: null, error: `图表语法有误：${reason}` });

/** A problem found in a statement: why, and where. */
class DiagramProblem extends Error {}
const problem = (line: number, why: string, text?: string): never => {
  const shown = text === undefined ? '' : `：${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
  throw new DiagramProblem(`第${line}行${why}${shown}`);
};

// ---------------------------------------------------------------------------------------------------------
// Finding the block

const HEADER = /^(classDiagram(?:-v2)?|sequenceDiagram|flowchart|graph)\b/;

/** The Mermaid source of an answer: the first ```mermaid fence (or a bare fence holding a diagram). */
const extractSource = (answer: string): { source: string } | { error: string } => {
  const fenced =
    /(^|\n)[ \t]*(`{3,}|~{3,})[ \t]*mermaid[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*\2[ \t]*(?=\r?\n|$)/i.exec(answer);
  if (fenced) return { source: fenced[3] ?? '' };
  if (/(^|\n)[ \t]*(`{3,}|~{3,})[ \t]*mermaid/i.test(answer)) return { error: 'Mermaid代码块没有结束' };
  for (const m of answer.matchAll(/(^|\n)[ \t]*(`{3,})[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*\2/g)) {
    const body = m[3] ?? '';
    const first = body.split('\n').find((l) => l.trim() !== '' && !l.trim().startsWith('%%')) ?? '';
    if (HEADER.test(first.trim())) return { source: body };
  }
  return { error: '回答中没有Mermaid图' };
};

// ---------------------------------------------------------------------------------------------------------
// What is never allowed

const DANGERS: [RegExp, string][] = [
  [/%%\s*\{/, '不允许使用%%{init}%%等配置指令'],
  [
    /<\s*\/?\s*(script|iframe|object|embed|style|link|meta|form|input|svg|math|img|a)\b/i,
    '不允许包含HTML标签或脚本',
  ],
  [/(java|vb)script\s*:/i, '不允许包含脚本地址'],
  [/data\s*:\s*text\/html/i, '不允许包含脚本地址'],
  [/<\w+[^>]*\son[a-z]+\s*=/i, '不允许包含事件属性'],
  [/^\s*click\s/im, '不允许使用click交互'],
  [/^\s*callback\s/im, '不允许使用回调'],
  [/\bcall\s+[\w$]+\s*\(/i, '不允许使用回调'],
  [/\bhref\b/i, '不允许使用链接'],
  [/url\s*\(/i, '不允许在样式中使用url()'],
  [/@import/i, '不允许在样式中导入资源'],
];

// ---------------------------------------------------------------------------------------------------------
// Shared helpers

type Line = { n: number; text: string };

/** Brackets and quotes of a piece of text: null when balanced, else what is wrong. */
export const bracketProblem = (text: string): string | null => {
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const stack: string[] = [];
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(' || ch === '[' || ch === '{') stack.push(ch);
    else if (ch in pairs) {
      if (stack.pop() !== pairs[ch]) return '括号没有成对';
    }
  }
  if (quoted) return '引号没有成对';
  return stack.length > 0 ? '括号没有成对' : null;
};

const checkBrackets = (line: Line, text = line.text) => {
  const why = bracketProblem(text);
  if (why) problem(line.n, why, line.text);
};

/** Splits a line at `;` outside quotes and brackets (flowcharts allow several statements on a line). */
const splitStatements = (text: string): string[] => {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    else if (ch === ';' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s !== '');
};

// ---------------------------------------------------------------------------------------------------------
// Flowcharts (process, use-case and architecture diagrams)

const NODE_ID = /[\p{L}\p{N}_]+/uy;
/** Node shapes: opener -> the closers it accepts (longest openers first). */
const SHAPES: [string, string[]][] = [
  ['(((', [')))']],
  ['((', ['))']],
  ['([', ['])']],
  ['[[', [']]']],
  ['[(', [')]']],
  ['[/', ['/]', '\\]']],
  ['[\\', ['\\]', '/]']],
  ['{{', ['}}']],
  ['(', [')']],
  ['[', [']']],
  ['{', ['}']],
];
/** A link with text inside it: `-- text -->`, `== text ==>`, `-. text .->`. */
const TEXT_LINK =
  /(?:<|x|o)?(?:--(?![-.>])\s*([^|]+?)\s*-{2,}[>xo]?|==(?![=>])\s*([^|]+?)\s*={2,}[>xo]?|-\.(?![.-])\s*([^|]+?)\s*\.+-[>xo]?)(?=\s|[\p{L}\p{N}_]|$)/uy;
/** A plain link: `-->`, `---`, `==>`, `===`, `-.->`, `-.-`, `~~~`, `<-->`, `--x`, `--o`. */
const PLAIN_LINK = /(?:<|x|o)?(?:-{2,}[>xo]|-{3,}|={2,}[>xo]|={3,}|-\.+-[>xo]?|~{3,})/y;

type Cursor = { s: string; i: number; line: Line };

const skipSpaces = (c: Cursor) => {
  while (c.i < c.s.length && /\s/.test(c.s[c.i] ?? '')) c.i++;
};

const sticky = (re: RegExp, c: Cursor) => {
  re.lastIndex = c.i;
  const m = re.exec(c.s);
  if (m) c.i = re.lastIndex;
  return m;
};

/** A node's label between `opener` and one of `closers`: quoted, or plain text without brackets or quotes. */
const readLabel = (c: Cursor, closers: string[]) => {
  skipSpaces(c);
  if (c.s[c.i] === '"') {
    const end = c.s.indexOf('"', c.i + 1);
    if (end < 0) problem(c.line.n, '引号没有成对', c.line.text);
    c.i = end + 1;
    skipSpaces(c);
    const closer = closers.find((k) => c.s.startsWith(k, c.i));
    if (!closer) problem(c.line.n, '节点的括号没有成对', c.line.text);
    c.i += (closer as string).length;
    return;
  }
  let best = -1;
  let closer = '';
  for (const k of closers) {
    const at = c.s.indexOf(k, c.i);
    if (at >= 0 && (best < 0 || at < best)) {
      best = at;
      closer = k;
    }
  }
  if (best < 0) problem(c.line.n, '节点的括号没有成对', c.line.text);
  const label = c.s.slice(c.i, best);
  if (/["()[\]{}]/.test(label))
    problem(c.line.n, '节点标签中含括号或引号时要用双引号把整个标签包起来', c.line.text);
  c.i = best + closer.length;
};

const readNode = (c: Cursor): boolean => {
  const id = sticky(NODE_ID, c);
  if (!id) return false;
  if (id[0] === 'end') problem(c.line.n, '不能用end作为节点ID', c.line.text);
  if (c.s[c.i] === '>') {
    c.i++;
    readLabel(c, [']']);
  } else {
    const shape = SHAPES.find(([open]) => c.s.startsWith(open, c.i));
    if (shape) {
      c.i += shape[0].length;
      readLabel(c, shape[1]);
    }
  }
  if (c.s.startsWith(':::', c.i)) {
    c.i += 3;
    if (!sticky(/[\w-]+/y, c)) problem(c.line.n, '样式类名写法不正确', c.line.text);
  }
  if (c.s.startsWith('@{', c.i)) {
    const end = c.s.indexOf('}', c.i);
    if (end < 0) problem(c.line.n, '括号没有成对', c.line.text);
    c.i = end + 1;
  }
  return true;
};

const readNodeGroup = (c: Cursor): boolean => {
  if (!readNode(c)) return false;
  for (;;) {
    const at = c.i;
    skipSpaces(c);
    if (c.s[c.i] !== '&') {
      c.i = at;
      return true;
    }
    c.i++;
    skipSpaces(c);
    if (!readNode(c)) problem(c.line.n, '“&”后缺少节点', c.line.text);
  }
};

const readLink = (c: Cursor): boolean => {
  const text = sticky(TEXT_LINK, c);
  if (text) {
    const label = text[1] ?? text[2] ?? text[3] ?? '';
    const why = bracketProblem(label);
    if (why) problem(c.line.n, `连线文字的${why}`, c.line.text);
    return true;
  }
  if (!sticky(PLAIN_LINK, c)) return false;
  skipSpaces(c);
  if (c.s[c.i] === '|') {
    const end = c.s.indexOf('|', c.i + 1);
    if (end < 0) problem(c.line.n, '连线文字缺少结束的“|”', c.line.text);
    const why = bracketProblem(c.s.slice(c.i + 1, end));
    if (why) problem(c.line.n, `连线文字的${why}`, c.line.text);
    c.i = end + 1;
  }
  return true;
};

/** A chain of nodes and links: `A["x"] -->|y| B & C --- D`. */
const checkFlowChain = (line: Line, statement: string) => {
  const c: Cursor = { s: statement, i: 0, line };
  if (!readNodeGroup(c)) problem(line.n, '无法识别', statement);
  let links = 0;
  for (;;) {
    skipSpaces(c);
    if (c.i >= c.s.length) return links;
    if (!readLink(c)) problem(line.n, '连线写法不正确（应为 -->、---、-.->、==> 等）', statement);
    links++;
    skipSpaces(c);
    if (!readNodeGroup(c)) problem(line.n, '连线后缺少节点', statement);
  }
};

const checkFlowchart = (lines: Line[]) => {
  const open: Line[] = [];
  let statements = 0;
  for (const line of lines) {
    for (const s of splitStatements(line.text)) {
      if (/^subgraph\b/.test(s)) {
        const rest = s.slice('subgraph'.length).trim();
        if (rest === '') problem(line.n, 'subgraph缺少名称', s);
        checkBrackets(line, rest);
        if (/^end\b/.test(rest)) problem(line.n, '不能用end作为子图ID', s);
        open.push(line);
      } else if (s === 'end') {
        if (!open.pop()) problem(line.n, '多余的end（没有对应的subgraph）');
      } else if (/^direction\b/.test(s)) {
        if (!/^direction\s+(TB|TD|BT|RL|LR)$/.test(s)) problem(line.n, '方向只能是TB、TD、BT、RL或LR', s);
      } else if (/^(classDef|class|style|linkStyle)\s+\S/.test(s)) {
        checkBrackets(line, s);
      } else if (/^(accTitle|accDescr)\b/.test(s)) {
        // accessibility title and description: free text
      } else {
        checkFlowChain(line, s);
        statements++;
      }
    }
  }
  const unclosed = open.pop();
  if (unclosed) problem(unclosed.n, '的subgraph缺少对应的end');
  if (statements === 0) throw new DiagramProblem('图中没有节点');
};

// ---------------------------------------------------------------------------------------------------------
// Class diagrams

const CLASS_NAME = String.raw`(?:\x60[^\x60]+\x60|[\p{L}\p{N}_]+(?:\.[\p{L}\p{N}_]+)*)(?:~[^~\s]+~)?`;
const CLASS_ARROW = String.raw`(?:<\||\*|o|<|\(\))?(?:--|\.\.)(?:\|>|\*|o|>|\(\))?`;
const CARDINALITY = String.raw`(?:"[^"]*"\s*)?`;
const CLASS_RELATION = new RegExp(
  `^(${CLASS_NAME})\\s*${CARDINALITY}(${CLASS_ARROW})\\s*${CARDINALITY}(${CLASS_NAME})\\s*(?::\\s*(.*))?$`,
  'u',
);
const CLASS_DECL = new RegExp(
  `^class\\s+(${CLASS_NAME})(?:\\s*\\["[^"]*"\\])?(?:\\s*:::[\\w-]+)?\\s*(\\{)?$`,
  'u',
);
const CLASS_MEMBER = new RegExp(`^(${CLASS_NAME})\\s*:\\s*(.+)$`, 'u');
const ANNOTATION_FOR = new RegExp(`^<<\\s*[\\p{L}\\p{N}_ ]+\\s*>>\\s*(${CLASS_NAME})$`, 'u');
const NAMESPACE = /^namespace\s+[\p{L}\p{N}_.]+\s*\{$/u;

const checkClassDiagram = (lines: Line[]) => {
  const open: { line: Line; kind: 'class' | 'namespace' }[] = [];
  let statements = 0;
  for (const line of lines) {
    const s = line.text;
    if (s === '}') {
      if (!open.pop()) problem(line.n, '多余的“}”');
      continue;
    }
    if (open.at(-1)?.kind === 'class') {
      // A member of the class body: an attribute or a method, or an annotation.
      if (/[{}]/.test(s.replace(/"[^"]*"/g, ''))) problem(line.n, '类的成员中不能再有“{”或“}”', s);
      if (!/^<<\s*[\p{L}\p{N}_ ]+\s*>>$/u.test(s)) checkBrackets(line);
      if (/^(<\||\*|o)?(--|\.\.)/.test(s)) problem(line.n, '类的关系不能写在类的花括号里', s);
      continue;
    }
    statements++;
    if (/^direction\s+(TB|BT|LR|RL)$/.test(s)) continue;
    if (NAMESPACE.test(s)) {
      open.push({ line, kind: 'namespace' });
      continue;
    }
    if (/^class\s/.test(s)) {
      const decl = CLASS_DECL.exec(s);
      if (!decl) problem(line.n, '类的定义写法不正确（应为 class 类名 或 class 类名 {）', s);
      if (decl?.[2]) open.push({ line, kind: 'class' });
      continue;
    }
    if (/^note\b/.test(s)) {
      if (!new RegExp(`^note(?:\\s+for\\s+${CLASS_NAME})?\\s+"[^"]*"$`, 'u').test(s))
        problem(line.n, '注释写法不正确（应为 note for 类名 "内容"）', s);
      continue;
    }
    if (/^(classDef|cssClass|style)\s+\S/.test(s)) {
      checkBrackets(line);
      continue;
    }
    if (ANNOTATION_FOR.test(s)) continue;
    const relation = CLASS_RELATION.exec(s);
    if (relation) continue;
    if (/--|\.\.|->|<-|==/.test(s.replace(/"[^"]*"/g, '')))
      problem(
        line.n,
        '类的关系写法不正确（应为 A <|-- B、A *-- B、A o-- B、A --> B、A ..> B、A <|.. B 等）',
        s,
      );
    const member = CLASS_MEMBER.exec(s);
    if (member) {
      checkBrackets(line, member[2]);
      continue;
    }
    problem(line.n, '无法识别', s);
  }
  const unclosed = open.pop();
  if (unclosed) problem(unclosed.line.n, '的“{”缺少对应的“}”');
  if (statements === 0) throw new DiagramProblem('图中没有类');
};

// ---------------------------------------------------------------------------------------------------------
// Sequence diagrams

const ACTOR = String.raw`[^\s:;,+\-<>()]+`;
const SEQUENCE_ARROW = String.raw`(?:<<-->>|<<->>|-->>|->>|--x|-x|--\)|-\)|-->|->)`;
const MESSAGE = new RegExp(`^(${ACTOR})\\s*${SEQUENCE_ARROW}\\s*[+-]?\\s*(${ACTOR})\\s*:(.*)$`, 'u');
const PARTICIPANT = new RegExp(`^(?:create\\s+)?(participant|actor)\\s+(${ACTOR})(?:\\s+as\\s+(.+))?$`, 'u');
const NOTE = new RegExp(`^note\\s+(left of|right of|over)\\s+${ACTOR}(?:\\s*,\\s*${ACTOR})?\\s*:(.*)$`, 'iu');
const BLOCKS = ['loop', 'alt', 'opt', 'par', 'critical', 'break', 'rect', 'box'] as const;
/** Branches of a block and the block they belong in. */
const BRANCHES: Record<string, string> = { else: 'alt', and: 'par', option: 'critical' };

const checkSequenceDiagram = (lines: Line[]) => {
  const open: { line: Line; kind: string }[] = [];
  let messages = 0;
  for (const line of lines) {
    const s = line.text;
    const word = /^[A-Za-z]+/.exec(s)?.[0] ?? '';
    if (s === 'end') {
      if (!open.pop()) problem(line.n, '多余的end（没有对应的loop、alt、opt、par等）');
      continue;
    }
    if (
      (BLOCKS as readonly string[]).includes(word) &&
      (s.length === word.length || /\s/.test(s[word.length] ?? ''))
    ) {
      if (word === 'rect' && !/^rect\s+rgba?\([^()]*\)$/.test(s))
        problem(line.n, 'rect需要颜色，如 rect rgb(240, 248, 255)', s);
      open.push({ line, kind: word });
      continue;
    }
    if (Object.hasOwn(BRANCHES, word) && (s.length === word.length || /\s/.test(s[word.length] ?? ''))) {
      if (open.at(-1)?.kind !== BRANCHES[word]) problem(line.n, `${word}只能用在${BRANCHES[word]}块中`, s);
      continue;
    }
    if (/^autonumber(\s+\d+(\s+\d+)?)?$/.test(s) || /^title\s*:?\s*\S/.test(s)) continue;
    if (/^links?\s/.test(s)) problem(line.n, '不允许使用链接', s);
    if (/^(activate|deactivate|destroy)\s/.test(s)) {
      if (!new RegExp(`^(activate|deactivate|destroy)\\s+${ACTOR}$`, 'u').test(s))
        problem(line.n, '写法不正确', s);
      continue;
    }
    if (/^(create\s+)?(participant|actor)\b/.test(s)) {
      const p = PARTICIPANT.exec(s);
      if (!p) problem(line.n, '参与者写法不正确（应为 participant ID as 名称）', s);
      continue;
    }
    if (/^note\b/i.test(s)) {
      if (!NOTE.test(s)) problem(line.n, '注释写法不正确（应为 Note over A,B: 内容）', s);
      continue;
    }
    const message = MESSAGE.exec(s);
    if (message) {
      messages++;
      continue;
    }
    if (/-|>|<<|\)/.test(s) && !s.includes(':')) problem(line.n, '消息缺少“: 内容”', s);
    if (/[-=]+[>x)]/.test(s)) problem(line.n, '消息箭头写法不正确（应为 ->>、-->>、->、-->、-x、-) 等）', s);
    problem(line.n, '无法识别', s);
  }
  const unclosed = open.pop();
  if (unclosed) problem(unclosed.line.n, `的${unclosed.kind}缺少对应的end`);
  if (messages === 0) throw new DiagramProblem('时序图中没有消息');
};

// ---------------------------------------------------------------------------------------------------------
// The check

const KIND_OF: Record<string, { name: string; kind: 'class' | 'sequence' | 'flow' }> = {
  classDiagram: { name: '类图', kind: 'class' },
  sequenceDiagram: { name: '时序图', kind: 'sequence' },
  processDiagram: { name: '流程图', kind: 'flow' },
  useCaseDiagram: { name: '用例图', kind: 'flow' },
  architectureDiagram: { name: '架构图', kind: 'flow' },
};

/** The statements of a source after the front matter and comments, numbered as the source's lines. */
const statementsOf = (source: string): Line[] => {
  const raw = source.split(/\r?\n/);
  let start = 0;
  if (raw[0]?.trim() === '---') {
    const close = raw.findIndex((l, i) => i > 0 && l.trim() === '---');
    if (close < 0) throw new DiagramProblem('开头的配置块没有结束（缺少---）');
    for (const l of raw.slice(1, close)) {
      if (l.trim() !== '' && !/^\s*title\s*:/.test(l)) throw new DiagramProblem('开头的配置块只允许写title');
    }
    start = close + 1;
  }
  return raw
    .map((text, i) => ({ n: i + 1, text: text.trim() }))
    .slice(start)
    .filter((l) => l.text !== '' && !l.text.startsWith('%%'));
};

/** The header's problem for the chat type, or null. */
const headerProblem = (type: string, header: string): string | null => {
  const want = KIND_OF[type];
  if (!want) return null;
  if (want.kind === 'class')
    return /^classDiagram(-v2)?$/.test(header) ? null : '类图的第一行应为classDiagram';
  if (want.kind === 'sequence')
    return header === 'sequenceDiagram' ? null : '时序图的第一行应为sequenceDiagram';
  if (/^(flowchart|graph)\s+(TB|TD|BT|RL|LR)\s*;?$/.test(header)) return null;
  if (/^(flowchart|graph)\s*;?$/.test(header)) return `${want.name}的第一行要写明方向，如 flowchart TD`;
  if (/^(flowchart|graph)\s+\S+/.test(header)) return '方向只能是TB、TD、BT、RL或LR';
  return `${want.name}要用flowchart画，第一行应为 flowchart TD 或 flowchart LR`;
};

/**
 * The diagram of a finished answer of a diagram chat type: the checked Mermaid source, or why it was
 * refused (`图表语法有误：…`). Other chat types answer `{ diagram: null, error: null }`.
 */
export const checkDiagram = (type: ChatType, answer: string): DiagramCheck => {
  if (!isDiagramChatType(type)) return { diagram: null, error: null };
  const found = extractSource(answer);
  if ('error' in found) return refuse(found.error);
  const source = found.source.replace(/\s+$/, '').replace(/^\s*\n/, '');
  if (source.trim() === '') return refuse('Mermaid代码块是空的');
  if (source.length > MAX_CHARS) return refuse(`图太大（最多${MAX_CHARS}个字符）`);
  if (source.split('\n').length > MAX_LINES) return refuse(`图太大（最多${MAX_LINES}行）`);
  for (const [pattern, why] of DANGERS) if (pattern.test(source)) return refuse(why);
  try {
    const [header, ...body] = statementsOf(source);
    if (!header) return refuse('Mermaid代码块是空的');
    const why = headerProblem(type, header.text);
    if (why) return refuse(why);
    const kind = KIND_OF[type]?.kind;
    if (kind === 'class') checkClassDiagram(body);
    else if (kind === 'sequence') checkSequenceDiagram(body);
    else checkFlowchart(body);
  } catch (error) {
    if (error instanceof DiagramProblem) return refuse(error.message);
    throw error;
  }
  return { diagram: source, error: null };
};
