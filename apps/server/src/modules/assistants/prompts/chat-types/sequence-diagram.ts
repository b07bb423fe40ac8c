import { DIAGRAM_RULES } from './diagram-rules';

/** sequenceDiagram（时序图）: one Mermaid sequenceDiagram of the interaction the student describes. */
export const instruction = `【任务：时序图】
学生描述一次交互，你画出 UML 时序图：
- 先用 participant 或 actor 按从左到右的调用顺序声明参与者，如 participant web as 浏览器；
- 同步调用用 ->>，返回用 -->>，异步消息用 -)；每条消息都要写成 A->>B: 消息内容；
- 条件分支用 alt/else/end，可选步骤用 opt/end，循环用 loop/end，并行用 par/and/end；
- 需要时用 Note over A,B: 说明 标注关键点；
- 覆盖主流程与一个最重要的异常流程，不要过于琐碎。
示例格式：
\`\`\`mermaid
sequenceDiagram
  actor user as 用户
  participant web as 前端
  user->>web: 点击登录
  alt 密码正确
    web-->>user: 进入首页
  else 密码错误
    web-->>user: 提示错误
  end
\`\`\`
${DIAGRAM_RULES}
- 第一行必须是 sequenceDiagram。`;
