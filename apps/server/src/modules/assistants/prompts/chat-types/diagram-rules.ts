/** The rules every diagram chat type adds: one Mermaid block the server checks (prompts/diagram.ts). */
export const DIAGRAM_RULES = `【画图规则（必须遵守，否则图无法显示）】
- 回答中只能有一个 \`\`\`mermaid 代码块，代码块之前用一句话说明画的是什么，代码块之后用不超过5条要点简要解释图中的关键设计；
- 代码块里只写 Mermaid 代码，第一行是图的类型声明；
- 节点或参与者的 ID 只用英文字母、数字和下划线（如 user_service），中文名称写在标签里，标签含空格、括号或标点时用双引号包起来，如 A["用户服务(Java)"]；
- 不要用 end、graph、subgraph 等关键字作为 ID；
- 不要使用 %%{init}%% 配置、click、link、callback、href、style 中的 url() 以及任何 HTML 或脚本；
- 每个 subgraph、loop、alt、opt、par、critical、rect 都要有对应的 end；括号和引号必须成对。`;
