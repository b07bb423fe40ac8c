// The students' study-companion conversations (课程答疑) in their courses: a question and its finished
// answer each, as the assistant's runner leaves them; the busy student has many longer ones.
import type { Db } from '../../../apps/server/src/db/client';
import { assistantConversations, assistantMessages } from '../../../apps/server/src/db/schema';
import type { People } from './people';
import type { ScaleSpec } from './spec';
import type { Teaching } from './teaching';
import { chunks, daysBefore, insertAll, rand } from './util';

const QUESTION = '栈和队列有什么区别？各适合什么场景？';
const ANSWER =
  '栈是后进先出（LIFO）的线性表，只在栈顶插入和删除，适合函数调用、括号匹配、表达式求值；' +
  '队列是先进先出（FIFO）的线性表，在队尾插入、队头删除，适合排队调度、广度优先搜索。';

export const createConversations = async (
  db: Db,
  spec: ScaleSpec,
  people: People,
  teaching: Teaching,
  now: Date,
) => {
  const planned: { userId: number; courseId: number; at: Date }[] = [];
  const busy = people.students[1] as number;
  for (let s = 1; s <= spec.students; s++) {
    const mine = teaching.coursesOf[s] ?? [];
    const count = s === 1 ? spec.busyConversations : spec.conversationsPerStudent;
    for (let k = 0; k < count && mine.length; k++)
      planned.push({
        userId: people.students[s] as number,
        // the busy student asks in one course (their first: the big one), the others each in one of theirs
        courseId: (teaching.courses[mine[s === 1 ? 0 : k % mine.length] as number] as { id: number }).id,
        at: daysBefore(now, rand(s, k) * 30),
      });
  }
  let messageCount = 0;
  for (const batch of chunks(planned)) {
    const inserted = await db
      .insert(assistantConversations)
      .values(
        batch.map((c) => ({
          userId: c.userId,
          scene: 'CourseQA',
          courseId: c.courseId,
          contentId: null,
          title: QUESTION.slice(0, 12),
          createdAt: c.at,
          updatedAt: c.at,
        })),
      )
      .returning({
        id: assistantConversations.id,
        userId: assistantConversations.userId,
        createdAt: assistantConversations.createdAt,
      });
    const rows = inserted.flatMap((c) =>
      Array.from({ length: c.userId === busy ? 5 : 1 }, (_, t) => {
        const at = new Date(c.createdAt.getTime() + t * 60_000);
        const common = { conversationId: c.id, chatType: 'knowledgeQa', status: 'Done', createdAt: at };
        return [
          { ...common, role: 'user', content: QUESTION },
          { ...common, role: 'assistant', content: ANSWER, firstTokenAt: at, finishedAt: at },
        ];
      }).flat(),
    );
    await insertAll(db, assistantMessages, rows);
    messageCount += rows.length;
  }
  return { conversations: planned.length, messages: messageCount };
};
