/**
 * Output comparison rule (documented in the package README):
 * - lines are split on "\n";
 * - spaces, tabs and carriage returns at the end of each line are ignored (so "\r\n" equals "\n");
 * - blank lines at the end of the output are ignored (so a missing or extra final newline does not matter);
 * - everything else must match exactly: leading spaces, spaces inside a line, blank lines in the middle,
 *   letter case, and every other character.
 */
export function normalizeOutput(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/[ \t\r]+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\n');
}

/** True when the program's output counts as the expected output under the rule above. */
export function outputsMatch(actual: string, expected: string): boolean {
  return normalizeOutput(actual) === normalizeOutput(expected);
}
