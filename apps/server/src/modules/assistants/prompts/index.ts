import type { AssistantScene, ChatType, TeacherTask } from '@uplus/shared';
import type { ChatMessage } from '../../../llm/client';

/*
 * SEAM (issue 16): the messages sent to the model for one question. Owner: helper as-prompts (one prompt
 * file per chat type and teacher task under prompts/). The orchestration (as-core) only calls
 * `buildChatMessages`.
 */

/** A passage of the course's knowledge base given to the model; the answer cites it as [n]. */
export type PromptPassage = { n: number; materialTitle: string; heading: string | null; text: string };
/** A file given with the question: its extracted text (already cut to ASSISTANT_LIMITS.fileChars). */
export type PromptFile = { name: string; text: string };
/** An earlier turn of the conversation (oldest first). */
export type PromptTurn = { role: 'user' | 'assistant'; content: string };

export type PromptInput = {
  scene: AssistantScene;
  chatType: ChatType;
  teacherTask: TeacherTask | null;
  /** the course's (or the catalogue item's) name, when the scene has one */
  courseName: string | null;
  history: PromptTurn[];
  query: string;
  files: PromptFile[];
  /** knowledge base on: the retrieved passages (empty when nothing matched) */
  passages: PromptPassage[] | null;
  /** facts the server read for this question (facts.service.ts): text blocks with a title each */
  facts: { title: string; text: string }[];
  /** HomeworkAnswer / ExerciseAnswer: the questions being answered (their texts, never their answers) */
  guardQuestions: string[] | null;
};

/** Baseline until as-prompts lands: one system message, the history, the question with its files. */
export const buildChatMessages = (input: PromptInput): ChatMessage[] => [
  { role: 'system', content: '你是优加平台的AI助手。' },
  ...input.history,
  { role: 'user', content: input.query },
];
