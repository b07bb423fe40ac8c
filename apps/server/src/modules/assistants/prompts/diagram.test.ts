import type { ChatType } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { bracketProblem, checkDiagram } from './diagram';

const fence = (source: string) => `下面是图：\n\n\`\`\`mermaid\n${source}\n\`\`\`\n\n说明：见上。`;

const ok = (type: ChatType, source: string) => {
  const result = checkDiagram(type, fence(source));
  expect(result.error).toBeNull();
  expect(result.diagram).toBe(source);
};
const bad = (type: ChatType, source: string, reason: RegExp) => {
  const result = checkDiagram(type, fence(source));
  expect(result.diagram).toBeNull();
  expect(result.error).toMatch(/^图表语法有误：/);
  expect(result.error).toMatch(reason);
};

describe('checkDiagram: class diagrams', () => {
  it('accepts classes with bodies, generics, annotations, cardinalities and every relation', () =>
    ok(
      'classDiagram',
      [
        'classDiagram',
        '  direction LR',
        '  %% 领域模型',
        '  class User {',
        '    <<abstract>>',
        '    -String name',
        '    +List~Order~ orders',
        '    +login(String pwd) bool',
        '  }',
        '  class Order',
        '  class Payable',
        '  <<interface>> Payable',
        '  Order : +Decimal total',
        '  Order : +pay() void',
        '  User "1" --> "*" Order : 下单',
        '  Student --|> User',
        '  User <|-- Teacher',
        '  Order *-- OrderItem',
        '  Shop o-- Product',
        '  Order ..> Coupon',
        '  Order ..|> Payable',
        '  A -- B',
        '  C .. D',
        '  note for Order "订单总额由明细计算"',
      ].join('\n'),
    ));

  it('accepts classDiagram-v2 and a namespace', () =>
    ok(
      'classDiagram',
      'classDiagram-v2\n  namespace shop {\n    class Cart\n    class Item\n  }\n  Cart *-- Item',
    ));

  it('refuses another header', () =>
    bad('classDiagram', 'sequenceDiagram\n  A->>B: hi', /类图的第一行应为classDiagram/));

  it('refuses an unclosed class body', () =>
    bad(
      'classDiagram',
      'classDiagram\n  class User {\n    +name\n  User --> Order',
      /第2行的“\{”缺少对应的“\}”/,
    ));

  it('refuses a stray closing brace', () =>
    bad('classDiagram', 'classDiagram\n  class User\n  }', /第3行多余的“\}”/));

  it('refuses an arrow that is not a class relation', () =>
    bad('classDiagram', 'classDiagram\n  User ->> Order', /第2行类的关系写法不正确/));

  it('refuses a relation without its second class', () =>
    bad('classDiagram', 'classDiagram\n  User <|-- ', /关系写法不正确/));

  it('refuses a member with unbalanced brackets', () =>
    bad(
      'classDiagram',
      'classDiagram\n  class User {\n    +login(String pwd bool\n  }',
      /第3行括号没有成对/,
    ));

  it('refuses an unquoted note', () =>
    bad('classDiagram', 'classDiagram\n  class A\n  note for A 说明', /注释写法不正确/));

  it('refuses a line it cannot read', () =>
    bad('classDiagram', 'classDiagram\n  User has many Orders', /第2行无法识别/));

  it('refuses a diagram without classes', () => bad('classDiagram', 'classDiagram\n', /没有类/));
});

describe('checkDiagram: sequence diagrams', () => {
  it('accepts participants, every arrow, activations, notes and nested blocks', () =>
    ok(
      'sequenceDiagram',
      [
        'sequenceDiagram',
        '  title 登录',
        '  autonumber',
        '  actor user as 用户',
        '  participant web as 浏览器(前端)',
        '  participant api as 后端',
        '  user->>web: 输入账号(手机号',
        '  web->>+api: POST /login',
        '  api-->>-web: 200 OK',
        '  web-)api: 上报日志',
        '  api--)web: 推送',
        '  web->api: 同步',
        '  api-->web: 返回',
        '  web-xapi: 取消',
        '  api--xweb: 失败',
        '  Note over web,api: 使用HTTPS',
        '  note right of user: 等待',
        '  alt 密码正确',
        '    loop 每30秒',
        '      web->>api: 心跳',
        '    end',
        '  else 密码错误',
        '    api-->>web: 401',
        '  end',
        '  par 并行',
        '    web->>api: A',
        '  and',
        '    web->>api: B',
        '  end',
        '  rect rgb(240, 248, 255)',
        '    opt 记住我',
        '      web->>web: 写入Cookie',
        '    end',
        '  end',
        '  critical 建立连接',
        '    api->>api: 连接数据库',
        '  option 超时',
        '    api-->>web: 503',
        '  end',
      ].join('\n'),
    ));

  it('refuses another header', () =>
    bad('sequenceDiagram', 'flowchart TD\n  A-->B', /时序图的第一行应为sequenceDiagram/));

  it('refuses an unclosed block', () =>
    bad(
      'sequenceDiagram',
      'sequenceDiagram\n  A->>B: hi\n  loop 重试\n    A->>B: again',
      /第3行的loop缺少对应的end/,
    ));

  it('refuses an end without a block', () =>
    bad('sequenceDiagram', 'sequenceDiagram\n  A->>B: hi\n  end', /第3行多余的end/));

  it('refuses else outside alt', () =>
    bad('sequenceDiagram', 'sequenceDiagram\n  loop x\n  A->>B: hi\n  else y\n  end', /else只能用在alt块中/));

  it('refuses a message without its text', () =>
    bad('sequenceDiagram', 'sequenceDiagram\n  A->>B', /第2行消息缺少/));

  it('refuses a flowchart arrow in a sequence diagram', () =>
    bad('sequenceDiagram', 'sequenceDiagram\n  A ==> B: hi', /第2行/));

  it('refuses a rect without colour', () =>
    bad('sequenceDiagram', 'sequenceDiagram\n  rect\n  A->>B: hi\n  end', /rect需要颜色/));

  it('refuses link menus', () =>
    bad(
      'sequenceDiagram',
      'sequenceDiagram\n  A->>B: hi\n  link A: 主页 @ https://example.com',
      /不允许使用链接/,
    ));

  it('refuses a diagram without messages', () =>
    bad('sequenceDiagram', 'sequenceDiagram\n  participant A', /没有消息/));
});

describe('checkDiagram: flowcharts (process, use case, architecture)', () => {
  it('accepts a process with every node shape, labelled links and chains', () =>
    ok(
      'processDiagram',
      [
        'flowchart TD',
        '  s(["开始"]) --> a["填写申请(表单)"]',
        '  a --> b{"审核通过？"}',
        '  b -->|是| c[发放结果] --> e((结束))',
        '  b -- 否 --> a',
        '  b -.->|"退回(补充)"| d>通知]',
        '  d ==> f[(数据库)] --- g[[子流程]]',
        '  g --o h{{准备}} --x i[/输入/] <--> j[\\输出\\]',
        '  i -.- k(((终点))) ~~~ m',
        '  m & n --> o:::warn;  o --> p',
        '  classDef warn fill:#f96,stroke:#333',
        '  style p fill:#bbf',
        '  linkStyle 0 stroke:#f00',
      ].join('\n'),
    ));

  it('accepts a use-case diagram drawn as a flowchart with a system boundary', () =>
    ok(
      'useCaseDiagram',
      [
        'flowchart LR',
        '  actor_student(["👤 学生"])',
        '  subgraph system["选课系统"]',
        '    direction TB',
        '    uc_login("登录")',
        '    uc_select("选课")',
        '  end',
        '  actor_student --- uc_login',
        '  actor_student --- uc_select',
        '  uc_select -.->|include| uc_login',
      ].join('\n'),
    ));

  it('accepts a layered architecture with nested subgraphs and graph as header', () =>
    ok(
      'architectureDiagram',
      [
        'graph TB',
        '  subgraph client[客户端层]',
        '    web[Web前端]',
        '  end',
        '  subgraph server["服务端"]',
        '    subgraph app[应用层]',
        '      api[业务服务]',
        '    end',
        '    db[(MySQL)]',
        '  end',
        '  web -->|HTTP| api',
        '  api --> db',
      ].join('\n'),
    ));

  it('refuses a flowchart without direction', () =>
    bad('processDiagram', 'flowchart\n  A --> B', /要写明方向/));

  it('refuses a wrong direction', () => bad('processDiagram', 'flowchart XY\n  A --> B', /方向只能是/));

  it('refuses another diagram kind for a use-case diagram', () =>
    bad('useCaseDiagram', 'classDiagram\n  class A', /用例图要用flowchart画/));

  it('refuses an unclosed subgraph', () =>
    bad(
      'architectureDiagram',
      'flowchart TB\n  subgraph app[应用层]\n    api[服务]\n  api --> db',
      /第2行的subgraph缺少对应的end/,
    ));

  it('refuses an end without subgraph', () =>
    bad('processDiagram', 'flowchart TD\n  A --> B\n  end', /第3行多余的end/));

  it('refuses end as a node id', () =>
    bad('processDiagram', 'flowchart TD\n  A --> end', /不能用end作为节点ID/));

  it('refuses an arrow flowcharts do not have', () =>
    bad('processDiagram', 'flowchart TD\n  A -> B', /第2行连线写法不正确/));

  it('refuses brackets inside an unquoted label', () =>
    bad('processDiagram', 'flowchart TD\n  A[提交(草稿)] --> B', /要用双引号/));

  it('refuses an unclosed node shape', () =>
    bad('processDiagram', 'flowchart TD\n  A[提交 --> B', /括号没有成对/));

  it('refuses an unclosed quote', () =>
    bad('processDiagram', 'flowchart TD\n  A["提交] --> B', /引号没有成对/));

  it('refuses a link without its target', () =>
    bad('processDiagram', 'flowchart TD\n  A -->', /连线后缺少节点/));

  it('refuses an unclosed link label', () =>
    bad('processDiagram', 'flowchart TD\n  A -->|是 B', /缺少结束的“\|”/));

  it('refuses a flowchart without nodes', () => bad('architectureDiagram', 'flowchart TB\n', /没有节点/));
});

describe('checkDiagram: dangerous content is refused', () => {
  const cases: [string, string, RegExp][] = [
    ['init directive', '%%{init: {"securityLevel": "loose"}}%%\nflowchart TD\n  A --> B', /%%\{init\}%%/],
    ['click with a link', 'flowchart TD\n  A --> B\n  click A "https://evil.example" _blank', /click/],
    ['click with a callback', 'flowchart TD\n  A --> B\n  click A call alert(1)', /click|回调/],
    ['script tag in a label', 'flowchart TD\n  A["<script>alert(1)</script>"] --> B', /HTML标签或脚本/],
    ['javascript address', 'flowchart TD\n  A["javascript:alert(1)"] --> B', /脚本地址/],
    ['href', 'flowchart TD\n  A["<b href=x>x</b>"] --> B', /链接/],
    ['event handler', 'flowchart TD\n  A["<b onmouseover=alert(1)>x</b>"] --> B', /事件属性/],
    [
      'url() in a style',
      'flowchart TD\n  A --> B\n  style A fill:url(https://evil.example/x.png)',
      /url\(\)/,
    ],
    ['class diagram callback', 'classDiagram\n  class A\n  callback A "alert"', /回调/],
    [
      'front matter config',
      '---\nconfig:\n  securityLevel: loose\n---\nflowchart TD\n  A --> B',
      /只允许写title/,
    ],
  ];
  for (const [name, source, reason] of cases)
    it(`refuses ${name}`, () =>
      bad(source.includes('classDiagram') ? 'classDiagram' : 'processDiagram', source, reason));

  it('keeps a title front matter', () =>
    ok('processDiagram', '---\ntitle: 请假流程\n---\nflowchart TD\n  A --> B'));

  it('allows <br> in labels', () => ok('processDiagram', 'flowchart TD\n  A["第一行<br>第二行"] --> B'));
});

describe('checkDiagram: finding the block', () => {
  it('answers no diagram for other chat types', () =>
    expect(checkDiagram('knowledgeQa', fence('flowchart TD\n  A --> B'))).toEqual({
      diagram: null,
      error: null,
    }));

  it('says when there is no Mermaid block', () =>
    expect(checkDiagram('classDiagram', '类图如下：User 和 Order。')).toEqual({
      diagram: null,
      error: '图表语法有误：回答中没有Mermaid图',
    }));

  it('says when the block was cut off (an answer stopped mid-way)', () =>
    expect(checkDiagram('classDiagram', '```mermaid\nclassDiagram\n  class User').error).toBe(
      '图表语法有误：Mermaid代码块没有结束',
    ));

  it('takes a bare fence that holds a diagram', () =>
    expect(checkDiagram('processDiagram', '```\nflowchart LR\n  A --> B\n```').diagram).toBe(
      'flowchart LR\n  A --> B',
    ));

  it('takes the first block when there are more', () =>
    expect(
      checkDiagram(
        'processDiagram',
        `${fence('flowchart LR\n  A --> B')}\n${fence('flowchart LR\n  C --> D')}`,
      ).diagram,
    ).toBe('flowchart LR\n  A --> B'));

  it('refuses an empty block', () => bad('processDiagram', '   ', /空的/));

  it('refuses a diagram that is too large', () =>
    bad('processDiagram', `flowchart TD\n${'  A --> B\n'.repeat(700)}`, /图太大/));
});

describe('bracketProblem', () => {
  it('reads quotes and nesting', () => {
    expect(bracketProblem('a(b[c]{d})')).toBeNull();
    expect(bracketProblem('"(" ok')).toBeNull();
    expect(bracketProblem('a(b]')).toBe('括号没有成对');
    expect(bracketProblem('a"b')).toBe('引号没有成对');
  });
});
