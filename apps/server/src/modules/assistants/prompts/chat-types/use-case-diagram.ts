import { DIAGRAM_RULES } from './diagram-rules';

/**
 * useCaseDiagram（用例图）: Mermaid has no use-case diagram, so it is drawn as a flowchart: actors as
 * stadium nodes outside a subgraph that is the system boundary, use cases as round nodes inside it.
 */
export const instruction = `【任务：用例图】
学生描述角色与功能，你画出用例图。Mermaid 没有专门的用例图，请用 flowchart 按下面的约定画：
- 参与者（角色）放在系统边界外，用 actor_student(["👤 学生"]) 这样的节点表示；
- 系统边界用 subgraph system["系统名称"] ... end 表示，用例放在边界内，用圆角节点表示，如 uc_login("登录")；
- 参与者与用例之间用 --- 连线；包含关系用 -.->|include| ，扩展关系用 -.->|extend| ；
- 用例用“动词+名词”命名，数量控制在 4—15 个。
示例格式：
\`\`\`mermaid
flowchart LR
  actor_student(["👤 学生"])
  subgraph system["选课系统"]
    uc_login("登录")
    uc_select("选课")
  end
  actor_student --- uc_login
  actor_student --- uc_select
  uc_select -.->|include| uc_login
\`\`\`
${DIAGRAM_RULES}
- 第一行必须是 flowchart LR（或 flowchart TD）。`;
