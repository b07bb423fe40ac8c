import type { ChatType } from '@uplus/shared';

/*
 * SEAM (issue 16): the diagram chat types answer Mermaid, checked here before it is kept. Owner: helper
 * as-prompts. `checkDiagram` reads the finished answer: the checked source, or the error to show.
 */
export type DiagramCheck = { diagram: string | null; error: string | null };

/** Baseline until as-prompts lands: the first ```mermaid fence, unchecked. */
export const checkDiagram = (_type: ChatType, answer: string): DiagramCheck => {
  const source = /```mermaid\s*([\s\S]*?)```/.exec(answer)?.[1]?.trim() ?? null;
  return { diagram: source, error: source ? null : '回答中没有图' };
};
