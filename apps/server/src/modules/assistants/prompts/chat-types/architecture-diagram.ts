import { DIAGRAM_RULES } from './diagram-rules';

/** architectureDiagram（架构图）: a layered system architecture drawn as a Mermaid flowchart. */
export const instruction = `【任务：架构图】
学生描述一个系统，你画出分层架构图，用 flowchart 表示：
- 用 subgraph 表示层次或部署边界，例如客户端层、接入层（网关/负载均衡）、应用服务层、数据层、外部服务；
- 组件用矩形节点，数据库用圆柱节点，如 db[("MySQL")]，消息队列、缓存等中间件单独标出；
- 连线表示调用或数据流，必要时在连线上标注协议，如 gateway -->|HTTP| order_service；
- 技术选型要符合学生的描述与课程水平，不要堆砌。
示例格式：
\`\`\`mermaid
flowchart TB
  subgraph client["客户端层"]
    web["Web前端"]
  end
  subgraph app["应用服务层"]
    api["业务服务"]
  end
  subgraph data["数据层"]
    db[("MySQL")]
  end
  web -->|HTTP| api
  api --> db
\`\`\`
${DIAGRAM_RULES}
- 第一行必须是 flowchart TB（或 flowchart LR）。`;
