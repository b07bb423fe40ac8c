/*
 * Reading the markdown shapes some prompts ask for (实验推荐, 教学计划, 实践题目) back into values, so that
 * a finished answer can be checked against the prompt's zod schema. The chat streams text: these readers
 * only check and normalise, they never change what the user sees.
 */

/** The sections under `### <prefix>N：title` headings: their number, title and body lines. */
export const numberedSections = (markdown: string, prefix: string) => {
  const heading = new RegExp(`^#{2,4}\\s*${prefix}\\s*(\\d+)\\s*[：:.、]\\s*(.+?)\\s*$`);
  const sections: { n: number; title: string; lines: string[] }[] = [];
  for (const line of markdown.split('\n')) {
    const hit = heading.exec(line.trim());
    if (hit) sections.push({ n: Number(hit[1]), title: clean(hit[2] ?? ''), lines: [] });
    else if (/^#{1,4}\s/.test(line.trim())) sections.push({ n: 0, title: '', lines: [] });
    else sections.at(-1)?.lines.push(line);
  }
  return sections.filter((s) => s.n > 0);
};

/** Markdown emphasis and list markers off a piece of text. */
export const clean = (text: string) =>
  text
    .replace(/\*\*|__|`/g, '')
    .replace(/^\s*(?:[-*+]|\d+[.)、])\s+/, '')
    .trim();

/** The value of a `- **label**：value` line among `lines` (the first label that matches), or ''. */
export const fieldOf = (lines: readonly string[], labels: readonly string[]) => {
  for (const line of lines) {
    const text = clean(line);
    for (const label of labels) {
      const hit = new RegExp(`^${label}\\s*[：:]\\s*(.*)$`).exec(text);
      if (hit) return (hit[1] ?? '').trim();
    }
  }
  return '';
};

/** The numbered items (`1. …`) after the line holding `label`, up to the next field line. */
export const numberedAfter = (lines: readonly string[], label: string) => {
  const start = lines.findIndex((l) => clean(l).startsWith(label));
  if (start < 0) return [];
  const items: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const item = /^\s*\d+[.)、]\s+(.+)$/.exec(line);
    if (item) items.push(clean(item[1] ?? ''));
    else if (/^\s*[-*+]\s+\S/.test(line) && !/^\s{2,}/.test(line)) break;
  }
  return items;
};

/** The rows of the first markdown table whose header has every one of `columns`, as column -> cell. */
export const tableRows = (markdown: string, columns: readonly string[]) => {
  const lines = markdown.split('\n').map((l) => l.trim());
  const cells = (line: string) =>
    line
      .replace(/^\|/, '')
      .replace(/\|$/, '')
      .split('|')
      .map((c) => clean(c));
  for (let i = 0; i < lines.length - 1; i++) {
    const line = lines[i] ?? '';
    if (!line.startsWith('|')) continue;
    const header = cells(line);
    if (!columns.every((c) => header.some((h) => h.includes(c)))) continue;
    if (!/^\|?\s*:?-{2,}/.test(lines[i + 1] ?? '')) continue;
    const rows: Record<string, string>[] = [];
    for (const row of lines.slice(i + 2)) {
      if (!row.startsWith('|')) break;
      const values = cells(row);
      rows.push(
        Object.fromEntries(columns.map((c) => [c, values[header.findIndex((h) => h.includes(c))] ?? ''])),
      );
    }
    return rows;
  }
  return [];
};

/** The first number in a text (学时: "2学时", "4 课时"), or NaN. */
export const numberIn = (text: string) => Number(/\d+(?:\.\d+)?/.exec(text)?.[0] ?? Number.NaN);
