import type { JudgeQuestionType } from '@uplus/shared';

/** The home variant's form, pre-filled per type (spec 2.2) so a teacher can try the judge at once. */
export const JUDGE_EXAMPLES: Record<
  JudgeQuestionType,
  { question: string; realAnswer: string; studentAnswer: string; questionScore: number }
> = {
  ShortAnswer: {
    question: '简述TCP协议建立连接时“三次握手”的过程，并说明为什么需要三次握手。',
    realAnswer:
      '1. 客户端发送SYN报文（seq=x），进入SYN_SENT状态；2. 服务器回复SYN+ACK报文（seq=y，ack=x+1），进入SYN_RCVD状态；3. 客户端发送ACK报文（ack=y+1），双方进入ESTABLISHED状态。需要三次握手是为了确认双方的发送和接收能力都正常，并同步双方的初始序列号，防止已失效的连接请求报文突然又传到服务器而产生错误连接。',
    studentAnswer:
      '客户端先发SYN给服务器，服务器收到后回一个SYN和ACK，客户端再回一个ACK，连接就建立了。三次握手可以确认双方都能正常收发数据。',
    questionScore: 10,
  },
  Programming: {
    question: '编写函数 max_of(nums)，返回整数列表 nums 中的最大值；列表为空时返回 None。',
    realAnswer:
      'def max_of(nums):\n    if not nums:\n        return None\n    best = nums[0]\n    for n in nums[1:]:\n        if n > best:\n            best = n\n    return best',
    studentAnswer:
      'def max_of(nums):\n    best = 0\n    for n in nums:\n        if n > best:\n            best = n\n    return best',
    questionScore: 10,
  },
};
