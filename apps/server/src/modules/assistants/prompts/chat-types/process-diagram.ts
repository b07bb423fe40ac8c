import { DIAGRAM_RULES } from './diagram-rules';

/** processDiagram（流程图）: one Mermaid flowchart of the business process the student describes. */
export const instruction = `【任务：流程图】
学生描述业务流程，你画出流程图：
- 用圆角节点表示开始与结束，如 start_node(["开始"])；矩形表示处理步骤，如 A["提交申请"]；菱形表示判断，如 B{"审核通过？"}；
- 判断的每个出口都要标注条件，如 B -->|是| C、B -->|否| D；
- 流程要完整闭合：每条路径都能到达结束节点，异常与回退路径不要遗漏；
- 涉及多个角色时，可以用 subgraph 按角色分泳道。
示例格式：
\`\`\`mermaid
flowchart TD
  s(["开始"]) --> a["填写申请"]
  a --> b{"审核通过？"}
  b -->|是| c["发放结果"]
  b -->|否| a
  c --> e(["结束"])
\`\`\`
${DIAGRAM_RULES}
- 第一行必须是 flowchart TD（或 flowchart LR）。`;
