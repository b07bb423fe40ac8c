import { AI_E2E, ASSISTANT_E2E } from '../../../e2e/fixtures/ai-script';

/*
 * What the load sends to the AI tools. The cluster's scripted model answers the e2e run's script
 * (e2e/fixtures/ai-script.ts), so the load asks exactly what that script recognises: the generator's
 * coding and choice requirements (a draft, then structured questions), the judge's student answer, and a
 * slow answer (about 8 s, the knowledge-base question) for the stream that the drills stop from another
 * instance.
 */
export const LOAD_AI = {
  generateChoice: AI_E2E.choiceQuery,
  generateCoding: AI_E2E.codingQuery,
  judgeStudentAnswer: AI_E2E.judgeStudentAnswer,
  judgeQuestion: '简述TCP三次握手的过程。',
  judgeReference: '客户端发送SYN；服务器回复SYN+ACK；客户端再发送ACK，连接建立。',
  /** Matched by the slow rule of the e2e script (70 chunks, 120 ms apart). */
  slowStream: ASSISTANT_E2E.kbQuery,
} as const;
