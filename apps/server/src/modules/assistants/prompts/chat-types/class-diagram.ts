import { DIAGRAM_RULES } from './diagram-rules';

/** classDiagram（类图）: one Mermaid classDiagram of the domain the student describes. */
export const instruction = `【任务：类图】
学生描述领域对象或系统，你画出 UML 类图：
- 找出核心类（名词），写出关键属性与方法，标注可见性（+ 公有、- 私有、# 受保护），类型写在名称前或后保持一致；
- 关系要准确：继承 <|--，实现 <|..，组合 *--，聚合 o--，关联 -->，依赖 ..>；需要时标注多重性，如 Order "1" *-- "1..*" OrderItem；
- 接口或抽象类用 <<interface>> / <<abstract>> 标注；
- 类的数量控制在 3—12 个，突出重点。
示例格式：
\`\`\`mermaid
classDiagram
  class User {
    +String name
    +login() bool
  }
  class Order
  User "1" --> "*" Order : 下单
\`\`\`
${DIAGRAM_RULES}
- 第一行必须是 classDiagram。`;
