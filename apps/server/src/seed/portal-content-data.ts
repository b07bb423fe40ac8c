import type { CONTENT_ATTRS, ContentKind, LabKey, PageSlug } from '@uplus/shared';
import type { z } from 'zod';

/*
 * The demo portal's texts (issue 15): what the product site `uplus`, the demo school site `UPLUS-C001` and
 * the demo area site `Area-demo` show, as plain data. seed/demo-portal.ts creates the rows through the
 * content console's service, generates the covers and publishes them. Bodies are simple HTML (h2, h3, p,
 * ul, ol, table), the subset the console's editor writes.
 */

type Attrs<K extends ContentKind> = z.input<(typeof CONTENT_ATTRS)[K]>;

/** One row to create. */
export type DemoRow<K extends ContentKind = ContentKind> = {
  title: string;
  summary: string;
  body: string;
  attrs: Attrs<K>;
  /** lab platforms the row is shown on */
  tags?: LabKey[];
  /** page and lab rows */
  slug?: string;
  /** a generated cover image in the kind's colour */
  cover?: boolean;
  /** news, notices, recruit infos: published this many days before the seed (newest first on the site) */
  daysAgo?: number;
  /** recruit infos: the application deadline, days after the seed (negative: already past) */
  deadlineInDays?: number;
};

/** A course system; cells name courses by title (the school's own or the product site's). */
export type DemoCourseSystem = {
  title: string;
  summary: string;
  columns: string[];
  rows: { title: string; cells: string[][] }[];
};

// Small HTML builders, so the bodies stay readable here.
const h2 = (text: string) => `<h2>${text}</h2>`;
const h3 = (text: string) => `<h3>${text}</h3>`;
const p = (...texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');
const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const ol = (items: string[]) => `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
const table = (head: string[], rows: string[][]) =>
  `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`;
const code = (text: string) => `<pre><code>${text}</code></pre>`;
const html = (...parts: string[]) => parts.join('');

/** A course section: free (open to visitors in the chapter preview) when it has a body. */
const sec = (title: string, minutes: number, body = '') => ({ title, minutes, free: body !== '', body });
const chapter = (title: string, sections: ReturnType<typeof sec>[]) => ({ title, sections });
const step = (title: string, body: string) => ({ title, body });

// ---------------------------------------------------------------------------------------------
// Product site (`uplus`)

const PRODUCT_COURSES: DemoRow<'course'>[] = [
  {
    title: 'Java 企业级应用开发',
    summary:
      '以 Spring Boot 为主线，讲授企业级 Web 后端的分层架构、数据访问、接口设计与安全控制，配套完整的教务选课系统实训。',
    body: html(
      h2('课程简介'),
      p(
        '本课程面向软件工程及相关专业二、三年级学生，以企业真实的后端开发流程为线索，从分层架构讲起，逐步完成一个可部署上线的教务选课系统。',
        '课程内容与主流企业技术栈保持一致，实验环境在云端一键启动，学生无需在本地安装任何软件。',
      ),
      h2('教学目标'),
      ul([
        '理解企业级应用的分层架构，能够按照规范组织项目结构',
        '掌握 Spring 容器、依赖注入与面向切面编程的原理和用法',
        '能够使用 MyBatis 完成数据访问，正确处理事务',
        '能够设计并实现符合 RESTful 规范的接口，完成身份认证与部署',
      ]),
      h2('考核方式'),
      table(
        ['考核环节', '占比', '说明'],
        [
          ['平时作业', '20%', '每章一次在线作业'],
          ['实验报告', '30%', '6 次云端实验，提交代码与报告'],
          ['课程项目', '50%', '分组完成教务选课系统并答辩'],
        ],
      ),
    ),
    attrs: {
      category: '软件工程',
      courseType: 'Theory',
      hours: 64,
      teacher: '王建国',
      school: '东岭理工大学',
      chapters: [
        chapter('第1章 企业级开发概述', [
          sec(
            '1.1 企业级应用的特点与分层架构',
            20,
            p(
              '企业级应用通常需要支撑大量并发用户、保证数据一致性，并能在多年的维护中持续演进。',
              '经典的分层架构把系统分为表现层、业务层和数据访问层：表现层负责接收请求和返回结果，业务层承载业务规则，数据访问层负责与数据库打交道。分层让每一层只关注自己的职责，便于测试和替换。',
            ),
          ),
          sec(
            '1.2 开发环境搭建：JDK、Maven 与 IDEA',
            25,
            p(
              '本课程使用 JDK 17 与 Maven 3.9。云端实验环境已预装好全部工具，打开实验即可使用；如需在本地练习，请按以下顺序安装：',
            ) +
              ol([
                '安装 JDK 17，并配置 JAVA_HOME 环境变量',
                '安装 Maven，并在 settings.xml 中配置国内镜像',
                '安装 IntelliJ IDEA 社区版，导入课程示例工程',
              ]),
          ),
          sec('1.3 第一个 Spring Boot 应用', 30),
        ]),
        chapter('第2章 Spring 核心容器', [
          sec('2.1 控制反转与依赖注入', 35),
          sec('2.2 Bean 的作用域与生命周期', 30),
          sec('2.3 面向切面编程 AOP', 40),
        ]),
        chapter('第3章 数据访问层', [
          sec('3.1 JDBC 与连接池', 25),
          sec('3.2 MyBatis 映射与动态 SQL', 45),
          sec('3.3 声明式事务管理', 35),
        ]),
        chapter('第4章 RESTful 接口开发', [
          sec('4.1 接口设计规范', 30),
          sec('4.2 参数校验与统一异常处理', 35),
          sec('4.3 接口文档与自动化测试', 25),
        ]),
        chapter('第5章 安全与部署', [sec('5.1 基于 JWT 的身份认证', 40), sec('5.2 打包与容器化部署', 35)]),
      ],
    },
    tags: ['practice', 'accreditation'],
    cover: true,
  },
  {
    title: 'Python 程序设计基础',
    summary:
      '面向职业院校学生的 Python 入门课程，从变量、流程控制讲到文件处理与常用库，每节配有在线编程练习。',
    body: html(
      h2('课程简介'),
      p(
        '课程以“学一点、练一点”的方式组织，每个知识点后都有可以直接在浏览器中运行的练习题，适合零基础的学生。',
        '最后一章通过办公自动化案例，把所学知识用于批量处理表格和生成报表。',
      ),
      h2('适用对象'),
      ul(['职业院校计算机类、电子信息类专业一年级学生', '希望掌握编程基础的其他专业学生']),
      h2('学习成果'),
      ul([
        '能够独立编写 200 行以内的 Python 程序',
        '能够使用 openpyxl 处理 Excel 表格',
        '具备参加 Python 初级技能认证的能力',
      ]),
    ),
    attrs: {
      category: '软件工程',
      courseType: 'Theory',
      vocational: true,
      hours: 48,
      teacher: '陈慧',
      school: '青川职业技术学院',
      chapters: [
        chapter('第1章 初识 Python', [
          sec(
            '1.1 Python 能做什么',
            15,
            p(
              'Python 语法简洁、库丰富，被广泛用于数据处理、网站开发、自动化运维和人工智能等领域。',
              '在职业岗位中，掌握 Python 可以把大量重复的表格整理、文件处理工作交给程序完成。',
            ),
          ),
          sec(
            '1.2 变量与数据类型',
            30,
            p('变量是给数据起的名字。Python 中常用的数据类型有整数、浮点数、字符串和布尔值：') +
              code('price = 12.5\ncount = 3\nname = "笔记本"\nprint(name, price * count)'),
          ),
          sec('1.3 输入输出与运算符', 30),
        ]),
        chapter('第2章 流程控制', [
          sec('2.1 条件判断', 30),
          sec('2.2 for 循环与 range', 35),
          sec('2.3 while 循环与 break', 25),
          sec('2.4 综合练习：成绩等级统计', 40),
        ]),
        chapter('第3章 函数、文件与常用库', [
          sec('3.1 函数的定义与调用', 35),
          sec('3.2 列表、字典与常用操作', 40),
          sec('3.3 读写文本文件', 30),
          sec('3.4 办公自动化：批量处理 Excel', 45),
        ]),
      ],
    },
    cover: true,
  },
  {
    title: '大数据技术原理与应用',
    summary:
      '系统讲授 Hadoop 生态的核心组件：HDFS、MapReduce、YARN、HBase 与 Hive，理论讲解与云端集群实验相结合。',
    body: html(
      h2('课程简介'),
      p(
        '课程从大数据的 4V 特征和分布式计算的基本思想出发，依次介绍分布式存储、分布式计算、资源调度和数据仓库。',
        '每章配有在云端 Hadoop 集群上完成的实验，学生可以直接观察数据块的分布和任务的执行过程。',
      ),
      h2('先修课程'),
      ul(['Java 程序设计', '数据库原理', 'Linux 操作系统基础']),
      h2('教学安排'),
      table(
        ['模块', '理论学时', '实验学时'],
        [
          ['大数据概述与 Hadoop 生态', '4', '2'],
          ['分布式文件系统 HDFS', '6', '4'],
          ['MapReduce 与 YARN', '8', '6'],
          ['HBase 与 Hive', '8', '6'],
          ['综合实验', '0', '12'],
        ],
      ),
    ),
    attrs: {
      category: '大数据',
      courseType: 'Theory',
      hours: 56,
      teacher: '刘海峰',
      school: '南湖信息工程学院',
      chapters: [
        chapter('第1章 大数据概述', [
          sec(
            '1.1 大数据的概念与特征',
            20,
            p(
              '大数据通常用 4V 来概括：数据量大（Volume）、类型多样（Variety）、产生速度快（Velocity）和价值密度低（Value）。',
              '传统的单机数据库难以在可接受的时间内处理这样的数据，分布式存储与计算由此成为主流方案。',
            ),
          ),
          sec('1.2 Hadoop 生态系统', 25),
        ]),
        chapter('第2章 分布式文件系统 HDFS', [
          sec('2.1 HDFS 的体系结构', 30),
          sec('2.2 数据块与副本机制', 25),
          sec('2.3 HDFS 常用命令与 Java API', 35),
        ]),
        chapter('第3章 MapReduce 与 YARN', [
          sec('3.1 MapReduce 编程模型', 40),
          sec('3.2 Shuffle 过程详解', 35),
          sec('3.3 YARN 资源调度', 30),
        ]),
        chapter('第4章 HBase 与 Hive', [
          sec('4.1 HBase 数据模型', 35),
          sec('4.2 Hive 数据仓库与 HiveQL', 40),
          sec('4.3 分区表与性能优化', 30),
        ]),
      ],
    },
    tags: ['bigdata'],
    cover: true,
  },
  {
    title: 'Spark 大数据分析实战',
    summary:
      '围绕电商用户行为分析项目，学习 Spark SQL、DataFrame 与 Structured Streaming，完成离线与实时两条分析链路。',
    body: html(
      h2('课程简介'),
      p(
        '这是一门以项目贯穿的实训课程。学生使用一份脱敏的电商用户行为数据（约 2000 万条），完成从数据清洗、指标计算到实时看板的完整分析流程。',
      ),
      h2('项目产出'),
      ul([
        '用户活跃、转化漏斗、复购率等 12 项离线指标',
        '每分钟刷新的实时成交看板',
        '一份面向业务部门的分析报告',
      ]),
    ),
    attrs: {
      category: '大数据',
      courseType: 'Train',
      hours: 48,
      teacher: '刘海峰',
      school: '南湖信息工程学院',
      chapters: [
        chapter('第1章 Spark 快速入门', [
          sec(
            '1.1 Spark 与 MapReduce 的区别',
            20,
            p(
              'Spark 把中间结果尽量保存在内存中，并以有向无环图（DAG）组织计算任务，因此在迭代计算和交互式查询上比 MapReduce 快一到两个数量级。',
            ),
          ),
          sec('1.2 RDD 的创建与转换', 35),
          sec('1.3 在云端集群提交第一个作业', 30),
        ]),
        chapter('第2章 Spark SQL 与 DataFrame', [
          sec('2.1 DataFrame 的基本操作', 35),
          sec('2.2 数据清洗：缺失值与异常值', 40),
          sec('2.3 用户行为指标计算', 45),
        ]),
        chapter('第3章 实时计算', [
          sec('3.1 Structured Streaming 基础', 35),
          sec('3.2 对接 Kafka 数据源', 40),
          sec('3.3 窗口聚合与水位线', 40),
        ]),
        chapter('第4章 项目答辩', [sec('4.1 分析报告的写法', 25), sec('4.2 项目展示与评审', 30)]),
      ],
    },
    tags: ['bigdata'],
    cover: true,
  },
  {
    title: '机器学习基础',
    summary:
      '从线性回归到集成学习，讲清楚常用机器学习算法的原理、适用场景与 scikit-learn 实现，每章一个动手案例。',
    body: html(
      h2('课程简介'),
      p(
        '课程兼顾原理与实践：每种算法先用直观的例子讲清楚思想，再给出必要的数学推导，最后用 scikit-learn 在真实数据集上完成建模与评估。',
      ),
      h2('案例列表'),
      table(
        ['章节', '案例', '数据集'],
        [
          ['线性模型', '房价预测', '城市二手房成交数据'],
          ['分类算法', '信用卡欺诈识别', '脱敏交易记录'],
          ['决策树与集成学习', '客户流失预警', '运营商用户数据'],
          ['聚类', '用户分群', '电商会员数据'],
        ],
      ),
    ),
    attrs: {
      category: '人工智能',
      courseType: 'Theory',
      hours: 64,
      teacher: '赵明远',
      school: '东岭理工大学',
      chapters: [
        chapter('第1章 机器学习概述', [
          sec(
            '1.1 什么是机器学习',
            20,
            p(
              '机器学习让计算机从数据中总结规律，而不是由人逐条写出规则。按照训练数据是否带有标签，可以分为监督学习、无监督学习和强化学习。',
            ),
          ),
          sec('1.2 模型评估与交叉验证', 30),
        ]),
        chapter('第2章 线性模型', [
          sec('2.1 线性回归与最小二乘法', 35),
          sec('2.2 梯度下降', 35),
          sec('2.3 正则化：岭回归与 Lasso', 30),
        ]),
        chapter('第3章 分类算法', [
          sec('3.1 逻辑回归', 35),
          sec('3.2 支持向量机', 40),
          sec('3.3 类别不平衡的处理', 25),
        ]),
        chapter('第4章 决策树与集成学习', [
          sec('4.1 决策树与剪枝', 35),
          sec('4.2 随机森林', 30),
          sec('4.3 梯度提升树 GBDT 与 XGBoost', 40),
        ]),
        chapter('第5章 无监督学习', [sec('5.1 K-Means 聚类', 30), sec('5.2 主成分分析 PCA', 30)]),
      ],
    },
    tags: ['ai'],
    cover: true,
  },
  {
    title: '大模型应用开发实践',
    summary: '掌握提示词工程、检索增强生成（RAG）与智能体开发，动手搭建一个面向校园场景的知识问答助手。',
    body: html(
      h2('课程简介'),
      p(
        '大模型正在改变软件的开发方式。本课程不训练模型，而是聚焦“如何用好模型”：怎样写出稳定的提示词、怎样让模型基于自己的文档回答问题、怎样让模型调用工具完成任务。',
      ),
      h2('你将完成'),
      ul([
        '一个基于课程资料的问答助手（RAG）',
        '一个能查询课表、预约实验室的校园智能体',
        '一份模型效果评测报告',
      ]),
      h2('环境说明'),
      p('实验使用平台提供的国产大模型接口与向量数据库，学生无需自备显卡。'),
    ),
    attrs: {
      category: '人工智能',
      courseType: 'Train',
      hours: 32,
      teacher: '赵明远',
      school: '东岭理工大学',
      chapters: [
        chapter('第1章 大模型基础', [
          sec(
            '1.1 大模型能做什么、不能做什么',
            20,
            p(
              '大模型擅长理解和生成自然语言、总结归纳和改写，但它可能“一本正经地胡说八道”，也不知道训练之后发生的事。应用开发的核心，就是用工程手段扬长避短。',
            ),
          ),
          sec('1.2 调用大模型接口', 30),
        ]),
        chapter('第2章 提示词工程', [
          sec('2.1 角色、任务与输出格式', 30),
          sec('2.2 少样本示例与思维链', 35),
          sec('2.3 提示词的评测与迭代', 30),
        ]),
        chapter('第3章 检索增强生成', [
          sec('3.1 文档切分与向量化', 35),
          sec('3.2 向量检索与重排序', 35),
          sec('3.3 搭建课程问答助手', 45),
        ]),
        chapter('第4章 智能体开发', [sec('4.1 工具调用', 35), sec('4.2 多步任务规划', 40)]),
      ],
    },
    tags: ['ai'],
    cover: true,
  },
  {
    title: 'HarmonyOS 应用开发基础',
    summary:
      '使用 ArkTS 与 ArkUI 声明式开发范式，从界面布局、状态管理到网络请求，完成一款校园服务类鸿蒙应用。',
    body: html(
      h2('课程简介'),
      p(
        'HarmonyOS 是面向全场景的分布式操作系统。课程基于 DevEco Studio 与 ArkTS 语言，讲授鸿蒙应用开发的基础知识，帮助学生具备参加鸿蒙应用开发者认证的能力。',
      ),
      h2('课程特色'),
      ul([
        '云端提供 DevEco Studio 与模拟器，浏览器即可开发调试',
        '知识点与 HarmonyOS 应用开发者认证大纲对应',
        '以“校园服务”应用贯穿全课，每章完成一个功能模块',
      ]),
    ),
    attrs: {
      category: '鸿蒙开发',
      courseType: 'Theory',
      hours: 48,
      teacher: '孙磊',
      school: '优加教育研究院',
      chapters: [
        chapter('第1章 鸿蒙开发入门', [
          sec(
            '1.1 HarmonyOS 与分布式能力',
            20,
            p(
              'HarmonyOS 通过分布式软总线把手机、平板、手表等设备连接成“超级终端”，应用可以在设备之间流转。开发者使用一套代码即可适配多种设备。',
            ),
          ),
          sec('1.2 DevEco Studio 与工程结构', 25),
          sec('1.3 ArkTS 语言基础', 40),
        ]),
        chapter('第2章 ArkUI 界面开发', [
          sec('2.1 常用组件与布局', 35),
          sec('2.2 列表与网格', 30),
          sec('2.3 自定义组件', 30),
        ]),
        chapter('第3章 状态管理与页面路由', [
          sec('3.1 @State、@Prop 与 @Link', 35),
          sec('3.2 页面路由与参数传递', 25),
          sec('3.3 应用级状态存储', 30),
        ]),
        chapter('第4章 网络与数据', [
          sec('4.1 HTTP 网络请求', 30),
          sec('4.2 首选项与关系型数据库', 35),
          sec('4.3 综合实训：校园服务应用', 50),
        ]),
      ],
    },
    tags: ['harmony'],
    cover: true,
  },
  {
    title: '物联网设备安装与调试',
    summary: '面向职业院校物联网专业，围绕智慧农业大棚场景，完成传感器接线、网关配置、数据上云与故障排查。',
    body: html(
      h2('课程简介'),
      p(
        '课程对接“物联网安装调试员”职业岗位和 1+X 传感网应用开发职业技能等级证书，以智慧农业大棚为项目载体，训练学生的设备安装、配置与运维能力。',
      ),
      h2('实训设备'),
      table(
        ['设备', '数量（每组）', '用途'],
        [
          ['温湿度传感器', '2', '采集大棚环境数据'],
          ['光照传感器', '1', '控制补光灯'],
          ['LoRa 网关', '1', '汇聚传感器数据'],
          ['继电器模块', '2', '控制风机和水泵'],
        ],
      ),
      p('没有实训设备的学校可使用平台的虚拟仿真环境完成全部任务。'),
    ),
    attrs: {
      category: '物联网',
      courseType: 'Train',
      vocational: true,
      hours: 40,
      teacher: '何晓燕',
      school: '青川职业技术学院',
      chapters: [
        chapter('第1章 物联网系统认知', [
          sec(
            '1.1 物联网的三层架构',
            20,
            p(
              '物联网系统一般分为感知层、网络层和应用层。感知层负责采集数据，网络层负责传输，应用层负责存储、分析和展示。',
            ),
          ),
          sec('1.2 安全用电与工具使用', 25),
        ]),
        chapter('第2章 感知层设备安装', [
          sec('2.1 传感器选型与接线', 40),
          sec('2.2 执行器的安装与测试', 35),
          sec('2.3 设备标识与台账', 20),
        ]),
        chapter('第3章 网络配置与数据上云', [
          sec('3.1 网关配置', 35),
          sec('3.2 MQTT 协议与云平台接入', 40),
          sec('3.3 常见故障排查', 35),
        ]),
      ],
    },
    tags: ['iot'],
    cover: true,
  },
];

const PRODUCT_EXPERIMENTS: DemoRow<'experiment'>[] = [
  {
    title: '基于 Hadoop 的词频统计',
    summary:
      '在三节点 Hadoop 集群上编写并运行 MapReduce 程序，统计一部中文小说的词频，理解分布式计算的基本流程。',
    body: html(
      h2('实验目的'),
      ul([
        '熟悉 HDFS 的文件上传与查看',
        '掌握 MapReduce 程序的编写、打包与提交',
        '能够通过 YARN 界面观察作业执行过程',
      ]),
      h2('实验内容'),
      p(
        '使用 Java 编写 Mapper 与 Reducer，借助中文分词库对《西游记》全文进行分词并统计词频，输出出现次数最多的 50 个词。',
      ),
    ),
    attrs: {
      category: '大数据',
      difficulty: '初级',
      minutes: 90,
      environment: 'CentOS 7.9 · Hadoop 3.3.6 · JDK 1.8 · 三节点集群',
      steps: [
        step(
          '启动集群并检查状态',
          p(
            '在终端执行 <code>start-dfs.sh</code> 与 <code>start-yarn.sh</code>，再用 <code>jps</code> 确认 NameNode、DataNode、ResourceManager 均已启动。',
          ),
        ),
        step(
          '上传数据到 HDFS',
          p('把实验目录下的 xiyouji.txt 上传到 HDFS：') +
            code('hdfs dfs -mkdir -p /input\nhdfs dfs -put xiyouji.txt /input'),
        ),
        step(
          '编写 Mapper 与 Reducer',
          p(
            '在 Mapper 中对每一行分词并输出 (词, 1)；在 Reducer 中对同一个词的计数求和。注意过滤长度为 1 的词和标点。',
          ),
        ),
        step(
          '打包并提交作业',
          p(
            '执行 <code>mvn package</code> 打包，然后用 <code>hadoop jar</code> 提交作业，在 YARN 界面（8088 端口）观察 Map 和 Reduce 任务的进度。',
          ),
        ),
        step(
          '查看并整理结果',
          p(
            '用 <code>hdfs dfs -cat /output/part-r-00000 | sort -k2 -nr | head -50</code> 查看高频词，把结果截图写入实验报告。',
          ),
        ),
      ],
      sample: html(
        h2('实验报告（样例）'),
        h3('一、实验结果'),
        table(
          ['排名', '词语', '出现次数'],
          [
            ['1', '行者', '4139'],
            ['2', '八戒', '1683'],
            ['3', '师父', '1628'],
            ['4', '三藏', '1293'],
            ['5', '大圣', '1250'],
          ],
        ),
        h3('二、问题与分析'),
        p(
          '第一次运行时 Reducer 只有一个，作业耗时 96 秒；把 Reducer 数量调整为 3 后耗时降到 61 秒，说明合理设置 Reduce 并行度可以提升效率。',
        ),
        h3('三、实验心得'),
        p(
          '通过本实验理解了“分而治之”的思想：Map 阶段并行处理数据块，Shuffle 阶段按键分组，Reduce 阶段汇总结果。',
        ),
      ),
      serviceType: 'ide',
      projectId: 'hadoop-wordcount',
    },
    tags: ['bigdata'],
    cover: true,
  },
  {
    title: '基于卷积神经网络的图像分类',
    summary:
      '使用 PyTorch 搭建卷积神经网络，在垃圾分类图片数据集上完成训练、调参与评估，准确率达到 85% 以上。',
    body: html(
      h2('实验目的'),
      ul([
        '理解卷积、池化与全连接层的作用',
        '掌握 PyTorch 数据加载、训练与评估流程',
        '学会用数据增强和学习率调整提升模型效果',
      ]),
      h2('数据集'),
      p('数据集包含可回收物、厨余垃圾、有害垃圾和其他垃圾 4 类共 8000 张图片，训练集与测试集按 8:2 划分。'),
    ),
    attrs: {
      category: '人工智能',
      difficulty: '中级',
      minutes: 120,
      environment: 'Ubuntu 22.04 · Python 3.10 · PyTorch 2.2 · GPU 16 GB',
      steps: [
        step(
          '加载与查看数据',
          p(
            '使用 <code>torchvision.datasets.ImageFolder</code> 加载数据，随机展示 16 张图片及其标签，统计每类样本数量。',
          ),
        ),
        step(
          '定义网络结构',
          p('搭建包含 3 个卷积块（卷积 + 批归一化 + ReLU + 池化）和 2 个全连接层的网络，打印参数量。'),
        ),
        step('训练模型', p('使用交叉熵损失和 Adam 优化器训练 20 轮，记录每轮的训练损失与测试准确率。')),
        step(
          '调参与数据增强',
          p('加入随机翻转、随机裁剪和颜色抖动，并使用余弦退火调整学习率，比较改进前后的准确率。'),
        ),
        step('评估与分析', p('绘制混淆矩阵，找出最容易混淆的两个类别并分析原因。')),
      ],
      sample: html(
        h2('实验报告（样例）'),
        table(
          ['方案', '测试准确率', '训练时间'],
          [
            ['基础网络', '78.4%', '6 分 12 秒'],
            ['+ 数据增强', '84.1%', '6 分 40 秒'],
            ['+ 余弦退火学习率', '87.3%', '6 分 38 秒'],
          ],
        ),
        p(
          '混淆矩阵显示“其他垃圾”与“可回收物”最容易混淆，主要原因是部分塑料制品外观相近。后续可以增加该两类样本或使用预训练模型进行迁移学习。',
        ),
      ),
      serviceType: 'jupyter',
      projectId: 'cnn-garbage-classify',
    },
    tags: ['ai'],
    cover: true,
  },
  {
    title: 'ArkUI 声明式界面开发：待办清单',
    summary: '使用 ArkTS 和 ArkUI 实现一个支持新增、完成、删除和分类筛选的待办清单应用，并在模拟器中运行。',
    body: html(
      h2('实验目的'),
      ul([
        '掌握 Column、Row、List 等常用组件',
        '理解 @State 状态变量驱动界面刷新的机制',
        '能够使用首选项持久化保存数据',
      ]),
      h2('实验内容'),
      p(
        '完成一个待办清单应用：顶部输入框新增任务，列表展示任务，点击复选框标记完成，左滑删除，底部按“全部/未完成/已完成”筛选。',
      ),
    ),
    attrs: {
      category: '鸿蒙开发',
      difficulty: '初级',
      minutes: 90,
      environment: 'DevEco Studio 5.0 · HarmonyOS NEXT 模拟器 · ArkTS',
      steps: [
        step(
          '创建工程',
          p('在 DevEco Studio 中选择 Empty Ability 模板创建工程，运行到模拟器，确认能显示 Hello World。'),
        ),
        step('搭建页面结构', p('使用 Column 作为根容器，依次放置标题、输入区、任务列表和底部筛选栏。')),
        step(
          '实现新增与完成',
          p(
            '用 <code>@State tasks: Task[]</code> 保存任务列表，点击“添加”时向数组追加元素，点击复选框切换完成状态。',
          ),
        ),
        step(
          '实现删除与筛选',
          p('为 ListItem 设置 swipeAction 实现左滑删除；根据筛选条件计算要展示的任务。'),
        ),
        step('数据持久化', p('使用 preferences 在任务变化时保存数据，应用启动时读取，重启后任务不丢失。')),
      ],
      sample: html(
        h2('实验报告（样例）'),
        p('应用已实现新增、完成、删除、筛选和持久化五项功能，在 HarmonyOS NEXT 模拟器上运行正常。'),
        h3('关键问题'),
        p(
          '直接修改数组中对象的属性时界面不会刷新，原因是 @State 只观察第一层赋值。解决办法是使用 @Observed 和 @ObjectLink 装饰任务对象，或替换整个数组元素。',
        ),
      ),
      serviceType: 'ide',
      projectId: 'arkui-todo',
    },
    tags: ['harmony'],
    cover: true,
  },
  {
    title: 'MQTT 温湿度数据采集与上报',
    summary: '在开发板上读取温湿度传感器数据，通过 MQTT 协议上报到物联网平台，并在平台上配置告警规则。',
    body: html(
      h2('实验目的'),
      ul([
        '了解 MQTT 的发布/订阅模型与 QoS 等级',
        '掌握传感器数据的读取与 JSON 封装',
        '能够在物联网平台配置设备、主题与告警规则',
      ]),
      h2('实验环境'),
      p('平台为每位学生提供一块虚拟开发板（与实物接口一致）和一个独立的 MQTT 服务实例。'),
    ),
    attrs: {
      category: '物联网',
      difficulty: '中级',
      minutes: 100,
      environment: '虚拟开发板（ESP32）· MicroPython · EMQX 5 · 物联网平台',
      steps: [
        step('注册设备', p('在物联网平台新建产品“大棚环境监测”，添加设备并记录设备 ID 与密钥。')),
        step('读取传感器数据', p('使用 DHT22 驱动每 10 秒读取一次温度和湿度，在串口打印结果。')),
        step(
          '连接 MQTT 服务',
          p('使用 umqtt 库以设备 ID 和密钥连接服务，订阅下行主题 <code>greenhouse/{设备ID}/cmd</code>。'),
        ),
        step('上报数据', p('把数据封装为 JSON 发布到 <code>greenhouse/{设备ID}/data</code>，QoS 设为 1。')),
        step(
          '配置告警规则',
          p('在平台配置规则：温度连续 3 次高于 35 ℃ 时下发“开启风机”指令，观察开发板上的继电器状态。'),
        ),
      ],
      sample: html(
        h2('实验报告（样例）'),
        p(
          '设备连续运行 30 分钟，共上报 180 条数据，无丢失。模拟升温后第 3 次超阈值时平台下发指令，继电器在 1 秒内动作。',
        ),
        code('{"deviceId":"gh-017","temperature":36.2,"humidity":58.4,"ts":1767225600}'),
        p('QoS 0 与 QoS 1 的对比测试中，断网重连期间 QoS 1 的消息在恢复后补发成功，QoS 0 的消息丢失 4 条。'),
      ),
      serviceType: 'ide',
      projectId: 'mqtt-greenhouse',
    },
    tags: ['iot'],
    cover: true,
  },
  {
    title: 'openGauss 数据库部署与 SQL 调优',
    summary: '在国产操作系统上安装 openGauss 数据库，完成建库建表、数据导入，并通过执行计划分析优化慢查询。',
    body: html(
      h2('实验目的'),
      ul([
        '掌握 openGauss 单机版的安装与基本运维',
        '能够使用 gsql 完成常用的数据库操作',
        '会阅读执行计划，用索引和改写 SQL 优化慢查询',
      ]),
      h2('背景'),
      p(
        'openGauss 是一款开源关系型数据库，已在金融、政务等行业的信创项目中广泛使用。本实验帮助学生掌握国产数据库的基础技能。',
      ),
    ),
    attrs: {
      category: '信创',
      difficulty: '中级',
      minutes: 120,
      environment: 'openEuler 22.03 LTS · openGauss 5.0 · gsql',
      steps: [
        step(
          '安装数据库',
          p(
            '以 omm 用户解压安装包，执行 <code>gs_install</code> 完成安装，用 <code>gs_ctl status</code> 确认数据库已运行。',
          ),
        ),
        step('建库建表', p('创建数据库 school，建立学生、课程、选课三张表，设置主键与外键。')),
        step('导入数据', p('使用 <code>\\copy</code> 导入实验提供的 50 万条选课记录。')),
        step(
          '分析慢查询',
          p('对“统计每门课程平均分”的查询执行 <code>EXPLAIN ANALYZE</code>，找出全表扫描的环节。'),
        ),
        step('优化并对比', p('建立合适的索引并改写子查询为连接查询，对比优化前后的执行时间。')),
      ],
      sample: html(
        h2('实验报告（样例）'),
        table(
          ['查询', '优化前', '优化后', '优化手段'],
          [
            ['课程平均分', '2.84 s', '0.19 s', '在选课表 course_id 上建索引'],
            ['某学生成绩单', '1.12 s', '0.01 s', '在 student_id 上建索引'],
            ['挂科人数统计', '3.05 s', '0.42 s', '子查询改写为连接并加过滤条件'],
          ],
        ),
      ),
      serviceType: 'ide',
      projectId: 'opengauss-tuning',
    },
    tags: ['xinchuang'],
    cover: true,
  },
  {
    title: 'Verilog 数字电路设计与仿真：四位计数器',
    summary:
      '使用 Verilog 设计带使能和同步清零的四位计数器，编写测试平台完成功能仿真，并查看综合后的电路结构。',
    body: html(
      h2('实验目的'),
      ul([
        '掌握 Verilog 的模块、端口与 always 语句',
        '能够编写 testbench 并用波形验证设计',
        '了解逻辑综合的基本概念',
      ]),
      h2('设计要求'),
      ul([
        '时钟上升沿计数，计数范围 0 到 15',
        'en 为高电平时计数，为低电平时保持',
        'clr 为高电平时在下一个时钟沿同步清零',
        '计满 15 时输出进位信号 co',
      ]),
    ),
    attrs: {
      category: '集成电路',
      difficulty: '高级',
      minutes: 120,
      environment: 'Ubuntu 22.04 · Icarus Verilog 12 · GTKWave · Yosys',
      steps: [
        step(
          '编写计数器模块',
          p('定义输入 clk、en、clr，输出 q[3:0] 与 co，在 always @(posedge clk) 中实现计数逻辑。'),
        ),
        step('编写测试平台', p('产生周期为 10 ns 的时钟，依次验证计数、保持、清零和进位四种情况。')),
        step(
          '功能仿真',
          p(
            '使用 <code>iverilog -o sim counter.v tb.v &amp;&amp; vvp sim</code> 运行仿真，生成 VCD 波形文件。',
          ),
        ),
        step(
          '查看波形',
          p('在 GTKWave 中打开波形，检查 q 在第 16 个时钟沿回到 0 且 co 输出一个周期的高电平。'),
        ),
        step('逻辑综合', p('用 Yosys 综合设计，统计触发器与逻辑门数量，查看生成的网表。')),
      ],
      sample: html(
        h2('实验报告（样例）'),
        p(
          '仿真结果符合设计要求：en=1 时每个时钟沿加 1；en=0 时保持；clr=1 后的下一个时钟沿清零；计到 15 时 co 为高。',
        ),
        p(
          'Yosys 综合结果为 4 个 D 触发器和 11 个逻辑门。若把同步清零改为异步清零，触发器类型变为带复位端的 DFF。',
        ),
      ),
      serviceType: 'ide',
      projectId: 'verilog-counter',
    },
    tags: ['ic'],
    cover: true,
  },
];

const PRODUCT_PROJECTS: DemoRow<'project'>[] = [
  {
    title: '电商平台订单中心微服务开发',
    summary:
      '按企业研发流程完成电商订单中心的需求分析、微服务设计、编码测试与上线，覆盖下单、支付回调与库存扣减。',
    body: html(
      h2('项目背景'),
      p(
        '某区域电商企业的订单系统是一个单体应用，促销期间经常因为库存扣减冲突导致超卖。项目要求把订单能力拆分为独立的微服务，支撑每秒 2000 笔下单。',
      ),
      h2('技术栈'),
      ul(['Spring Boot 3、Spring Cloud Alibaba', 'MySQL 8、Redis 7、RocketMQ', 'Docker、GitLab CI']),
      h2('项目收获'),
      p('学生将以小组形式扮演开发、测试和运维角色，体验需求评审、代码评审与持续集成的完整流程。'),
    ),
    attrs: {
      industry: '电子商务',
      difficulty: '中级',
      hours: 80,
      positions: ['Java开发工程师', '测试工程师', '运维工程师'],
      stages: [
        step(
          '需求分析',
          p('阅读业务方提供的需求文档，梳理下单、支付、取消、退款四条主流程，输出用例图和接口清单。'),
        ),
        step('系统设计', p('划分订单、库存、支付三个服务，设计数据库表和消息主题，评审通过后进入开发。')),
        step('编码与测试', p('按迭代完成功能开发，单元测试覆盖率不低于 70%，使用 JMeter 进行压力测试。')),
        step('上线与复盘', p('通过 CI 流水线部署到预发布环境，完成验收后上线，并撰写项目复盘报告。')),
      ],
      practical: [
        step(
          '任务一：实现下单接口',
          p('校验商品与库存，生成订单号，写入订单表并返回支付信息。要求同一用户重复提交时只生成一笔订单。'),
        ),
        step('任务二：防止超卖', p('使用 Redis 预扣库存与 Lua 脚本保证原子性，压测 2000 并发下单无超卖。')),
        step(
          '任务三：支付回调与超时取消',
          p('处理支付平台回调并更新订单状态；使用延时消息在 30 分钟未支付时自动取消订单并归还库存。'),
        ),
      ],
      sample: html(
        h2('项目交付物（样例）'),
        ul([
          '需求规格说明书（28 页）',
          '系统设计说明书与数据库设计',
          '源代码与单元测试报告（覆盖率 76%）',
          '压力测试报告：2000 并发下平均响应 86 ms，无超卖',
        ]),
      ),
      serviceType: 'ide',
      projectId: 'order-center',
    },
    tags: ['practice'],
    cover: true,
  },
  {
    title: '城市交通大数据分析平台',
    summary: '基于出租车轨迹与地铁刷卡数据，构建城市交通分析平台，输出通勤热力图、拥堵指数与运力调度建议。',
    body: html(
      h2('项目背景'),
      p(
        '某市交通运输局希望利用已有的出租车 GPS 轨迹（日均 1.2 亿条）和地铁刷卡数据，识别通勤热点和拥堵时段，为公交线路优化提供依据。',
      ),
      h2('技术栈'),
      ul(['Hadoop、Hive、Spark', 'Flink 实时计算', 'ECharts 可视化']),
    ),
    attrs: {
      industry: '智慧交通',
      difficulty: '高级',
      hours: 96,
      positions: ['大数据开发工程师', '数据分析师'],
      stages: [
        step('数据接入与清洗', p('将原始轨迹数据导入 HDFS，剔除漂移点和重复记录，补全缺失字段。')),
        step('离线指标计算', p('在 Hive 中建立分层数仓，计算各区域各时段的上下客量与平均车速。')),
        step('实时拥堵监测', p('使用 Flink 每 5 分钟计算一次路段拥堵指数，超过阈值时推送告警。')),
        step('可视化与报告', p('制作通勤热力图与拥堵排行看板，撰写运力调度建议报告。')),
      ],
      practical: [
        step(
          '任务一：轨迹数据清洗',
          p('编写 Spark 程序清洗一天的轨迹数据，输出清洗前后的数据量与异常类型统计。'),
        ),
        step(
          '任务二：早晚高峰 OD 分析',
          p('以 1 km 网格统计早晚高峰的出发地与目的地，找出前 10 条通勤走廊。'),
        ),
        step('任务三：拥堵指数看板', p('根据实时计算结果制作拥堵指数看板，支持按区域和时段筛选。')),
      ],
      sample: html(
        h2('分析结论（样例）'),
        p(
          '工作日早高峰 7:30-8:30 出行量占全天的 18.6%，高新区与老城区之间的通勤走廊最为集中。建议在该走廊增开 2 条大站快线，预计可分担 12% 的出租车需求。',
        ),
      ),
    },
    tags: ['bigdata'],
    cover: true,
  },
  {
    title: '智能客服问答系统（大模型 RAG）',
    summary:
      '为一家家电企业搭建基于大模型与知识库的智能客服，能够准确回答产品使用、保修政策等问题并给出出处。',
    body: html(
      h2('项目背景'),
      p(
        '企业客服每天要回答上千个重复问题，知识散落在说明书、保修政策和历史工单中。项目目标是让智能客服解决 60% 以上的常见咨询，并在答不了时转人工。',
      ),
      h2('技术栈'),
      ul(['Python、FastAPI', '向量数据库 Milvus', '国产大模型接口', 'Vue 3 前端']),
    ),
    attrs: {
      industry: '人工智能',
      difficulty: '中级',
      hours: 64,
      positions: ['AI应用开发工程师', 'Python开发工程师', '产品经理'],
      stages: [
        step('知识库构建', p('整理 320 份产品说明书和政策文档，完成切分、清洗和向量化入库。')),
        step('问答链路开发', p('实现检索、重排序和生成三步链路，要求回答附带出处。')),
        step('效果评测', p('基于 500 条真实咨询构建评测集，评估准确率、拒答率与响应时间。')),
      ],
      practical: [
        step('任务一：文档切分策略对比', p('比较按固定长度、按段落和按标题三种切分方式的检索召回率。')),
        step('任务二：多轮对话', p('支持用户追问，例如先问“洗衣机 E3 故障”，再问“那怎么处理”。')),
        step(
          '任务三：转人工策略',
          p('当检索相关度低于阈值或用户表达不满时，自动转接人工客服并附带对话摘要。'),
        ),
      ],
      sample: html(
        h2('评测结果（样例）'),
        table(
          ['指标', '目标', '结果'],
          [
            ['回答准确率', '≥ 85%', '89.2%'],
            ['无依据回答率', '≤ 3%', '1.6%'],
            ['平均响应时间', '≤ 3 s', '2.1 s'],
          ],
        ),
      ),
    },
    tags: ['ai'],
    cover: true,
  },
  {
    title: '智能制造产线数字孪生监控系统',
    summary:
      '为一条电机装配产线建立数字孪生模型，实时采集设备数据，展示产线状态、节拍与良品率，并预警设备故障。',
    body: html(
      h2('项目背景'),
      p(
        '某电机制造企业的装配产线有 12 个工位，设备状态依靠人工巡检，停机原因难以追溯。项目通过工业网关采集设备数据，建立三维数字孪生监控系统。',
      ),
      h2('技术栈'),
      ul(['OPC UA、MQTT 工业数据采集', '时序数据库 IoTDB', 'Three.js 三维可视化', 'Spring Boot 后端']),
    ),
    attrs: {
      industry: '智能制造',
      difficulty: '高级',
      hours: 96,
      positions: ['工业软件工程师', '物联网开发工程师', '前端开发工程师'],
      stages: [
        step('产线调研与建模', p('梳理 12 个工位的工艺流程和设备点位表，完成产线三维模型。')),
        step('数据采集', p('通过 OPC UA 采集 PLC 数据，经网关转换为 MQTT 消息写入时序数据库。')),
        step('孪生监控开发', p('在三维场景中实时显示设备状态、工位节拍和告警信息。')),
        step('故障预警', p('基于振动和电流数据建立简单的异常检测模型，提前发现轴承磨损。')),
      ],
      practical: [
        step('任务一：点位表与数据模型', p('为 12 个工位整理采集点位，设计时序数据库的存储结构。')),
        step('任务二：OEE 计算', p('根据开机时间、节拍和良品数计算设备综合效率 OEE，并按班次展示。')),
        step(
          '任务三：三维告警联动',
          p('设备告警时在三维场景中高亮对应工位，点击可查看最近 1 小时的数据曲线。'),
        ),
      ],
      sample: html(
        h2('项目成果（样例）'),
        p(
          '系统上线后，产线停机原因的记录率从 40% 提升到 100%，平均故障响应时间从 25 分钟缩短到 8 分钟，产线 OEE 由 71% 提升到 78%。',
        ),
      ),
    },
    tags: ['manufacturing', 'iot'],
    cover: true,
  },
  {
    title: '鸿蒙智慧校园应用开发',
    summary:
      '使用 HarmonyOS 开发一款集课表、校园卡、报修和通知于一体的校园应用，支持手机与手表之间的服务流转。',
    body: html(
      h2('项目背景'),
      p(
        '学校希望为师生提供一款鸿蒙原生应用，整合课表查询、校园卡消费、宿舍报修和通知公告，并利用鸿蒙的分布式能力在手表上查看课表提醒。',
      ),
      h2('技术栈'),
      ul(['ArkTS、ArkUI', '分布式数据管理', '服务卡片', 'HTTP 接口对接']),
    ),
    attrs: {
      industry: '教育',
      difficulty: '中级',
      hours: 72,
      positions: ['鸿蒙应用开发工程师', 'UI设计师'],
      stages: [
        step('原型设计', p('调研师生需求，完成四个功能模块的交互原型和视觉规范。')),
        step('功能开发', p('按模块完成开发，对接学校提供的课表、校园卡和报修接口。')),
        step('多端适配', p('实现手机和手表两种形态，开发课表服务卡片。')),
        step('测试与发布', p('完成兼容性测试和性能测试，打包提交应用市场审核。')),
      ],
      practical: [
        step('任务一：课表页面', p('按周展示课表，支持切换周次，点击课程查看教室和教师。')),
        step('任务二：服务卡片', p('开发 2×2 课表卡片，显示下一节课的时间和地点。')),
        step('任务三：跨设备流转', p('在手机上打开的报修单可以流转到平板继续填写。')),
      ],
      sample: html(
        h2('交付物（样例）'),
        ul([
          '应用安装包与源代码',
          '交互原型与视觉规范',
          '测试报告：覆盖 6 款设备，冷启动时间 0.8 秒',
          '用户手册',
        ]),
      ),
      serviceType: 'ide',
      projectId: 'harmony-campus',
    },
    tags: ['harmony'],
    cover: true,
  },
];

const PRODUCT_CASES: DemoRow<'case'>[] = [
  {
    title: '东岭理工大学：以真实项目贯穿的软件工程专业实践教学改革',
    summary:
      '学校把企业真实项目引入三年级综合实训，学生在 16 周内完成从需求到上线的全过程，毕业生对口就业率提升到 86%。',
    body: html(
      h2('背景'),
      p(
        '东岭理工大学软件工程专业过去的实训以教师自拟题目为主，内容与企业实际脱节，学生进入企业后需要较长的适应期。',
      ),
      h2('做法'),
      ul([
        '与 6 家合作企业共建项目库，每学期更新 20 个真实项目',
        '使用平台的产业项目实训模块管理项目阶段、任务和交付物',
        '企业工程师担任项目导师，每两周参加一次评审',
        '以交付物质量和企业评价作为主要考核依据',
      ]),
      h2('成效'),
      table(
        ['指标', '改革前', '改革后'],
        [
          ['对口就业率', '71%', '86%'],
          ['企业满意度', '78 分', '92 分'],
          ['学生获省级以上竞赛奖项', '9 项', '23 项'],
        ],
      ),
    ),
    attrs: { organisation: '东岭理工大学', industry: '高等教育' },
    cover: true,
  },
  {
    title: '青川职业技术学院：物联网专业“岗课赛证”融通实践',
    summary:
      '围绕物联网安装调试员岗位重构课程体系，把技能大赛和 1+X 证书要求融入日常教学，证书通过率达到 93%。',
    body: html(
      h2('背景'),
      p('学院物联网应用技术专业实训设备不足，学生动手机会少，技能证书通过率长期在 60% 左右。'),
      h2('做法'),
      ul([
        '对照岗位能力要求，把 14 门课程整合为 9 门项目化课程',
        '使用平台的虚拟仿真环境补充实物设备，人均实训时长提高 2.5 倍',
        '以技能大赛赛项为蓝本设计综合实训',
      ]),
      h2('成效'),
      p('2025 年 1+X 传感网应用开发证书通过率达到 93%，学生在省职业院校技能大赛中获一等奖 2 项。'),
    ),
    attrs: { organisation: '青川职业技术学院', industry: '职业教育' },
    cover: true,
  },
  {
    title: '北辰数据科技：校企共建大数据人才实训基地',
    summary: '企业与三所高校共建实训基地，以企业脱敏数据开设实训项目，两年来接收实习生 260 人，留用 74 人。',
    body: html(
      h2('合作模式'),
      p(
        '北辰数据科技有限公司提供真实业务场景与脱敏数据，高校提供场地与师资，平台提供云端实验环境与过程管理。',
      ),
      h2('主要成果'),
      ul([
        '共同开发实训项目 12 个、课程 4 门',
        '两年接收实习生 260 人，留用 74 人',
        '企业新员工培训周期从 3 个月缩短到 1 个月',
      ]),
      h2('企业评价'),
      p('“实训基地培养的学生熟悉我们的数据和工具链，到岗第一周就能参与项目开发。”——北辰数据科技人力资源部'),
    ),
    attrs: { organisation: '北辰数据科技有限公司', industry: '大数据' },
    cover: true,
  },
  {
    title: '南湖信息工程学院：以工程教育认证为导向的课程持续改进',
    summary:
      '学院用平台记录课程目标达成度，形成“评价—分析—改进”闭环，计算机科学与技术专业顺利通过工程教育认证。',
    body: html(
      h2('背景'),
      p(
        '工程教育认证要求以学生为中心、以产出为导向并持续改进，学院过去的达成度计算依靠人工表格，工作量大且难以追溯。',
      ),
      h2('做法'),
      ol([
        '在平台中为 42 门课程建立课程目标与毕业要求的支撑矩阵',
        '作业、实验和考试成绩自动汇总为课程目标达成度',
        '达成度低于 0.7 的目标自动提醒任课教师制定改进措施',
      ]),
      h2('成效'),
      p('达成度计算时间从每学期约 3 周缩短到 2 天，专业在 2025 年通过工程教育认证现场考查。'),
    ),
    attrs: { organisation: '南湖信息工程学院', industry: '高等教育' },
    cover: true,
  },
];

/** One row per laboratory platform (slug = its key); titles as the header's 平台实验室 menu names them. */
const PRODUCT_LABS: DemoRow<'lab'>[] = [
  {
    slug: 'harmony',
    title: '鸿蒙实验室',
    summary: '提供鸿蒙应用开发的云端环境、课程与实训项目，支撑高校开设鸿蒙方向课程和开发者认证培训。',
    body: html(
      h2('实验室简介'),
      p(
        '鸿蒙实验室面向高校计算机、电子信息类专业，提供云端 DevEco Studio、远程真机和模拟器，学生在浏览器中即可完成鸿蒙应用的开发、调试与发布。',
      ),
      h2('建设内容'),
      ul([
        '鸿蒙应用开发课程 6 门、实验 40 个',
        '远程真机 120 台，覆盖手机、平板与手表',
        '对接 HarmonyOS 应用开发者认证',
      ]),
    ),
    attrs: {
      solutions: [
        {
          title: '鸿蒙课程共建',
          description: '与学校共同建设鸿蒙应用开发课程，提供教学大纲、课件、实验指导书和题库。',
        },
        {
          title: '云端开发环境',
          description: '浏览器中使用 DevEco Studio 与远程真机，无需高配置电脑，开箱即用。',
        },
        { title: '认证与竞赛辅导', description: '提供开发者认证培训和鸿蒙创新赛辅导，以赛促学。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'accreditation',
    title: '工程教育认证平台',
    summary: '支撑专业按工程教育认证标准开展培养目标、毕业要求与课程目标的评价和持续改进。',
    body: html(
      h2('平台简介'),
      p(
        '工程教育认证平台把培养方案、课程大纲、考核数据和达成度评价放在一个系统中，让专业认证材料随教学过程自然产生。',
      ),
      h2('主要功能'),
      ul(['培养目标与毕业要求管理', '课程目标支撑矩阵', '达成度自动计算与分析', '持续改进记录与报告导出']),
    ),
    attrs: {
      solutions: [
        { title: '达成度评价', description: '作业、实验与考试成绩自动汇总为课程目标和毕业要求达成度。' },
        { title: '认证材料管理', description: '按认证标准整理自评报告所需的材料，随时导出。' },
        { title: '持续改进闭环', description: '达成度偏低时提醒教师制定改进措施，并跟踪改进效果。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'bigdata',
    title: '大数据实验室',
    summary:
      '提供 Hadoop、Spark、Flink 等大数据组件的云端集群环境与行业数据集，覆盖数据采集、处理与分析全流程。',
    body: html(
      h2('实验室简介'),
      p(
        '大数据实验室为每位学生提供独立的多节点集群，预置交通、电商、医疗等 18 个行业脱敏数据集，支持从课程实验到毕业设计的各类教学场景。',
      ),
      h2('环境配置'),
      table(
        ['组件', '版本'],
        [
          ['Hadoop', '3.3.6'],
          ['Spark', '3.5'],
          ['Flink', '1.18'],
          ['Hive', '3.1.3'],
          ['Kafka', '3.6'],
        ],
      ),
    ),
    attrs: {
      solutions: [
        { title: '独立集群环境', description: '每人一套三节点集群，实验之间互不干扰，结束后自动回收资源。' },
        { title: '行业数据集', description: '18 个行业脱敏数据集，配套分析任务与参考答案。' },
        { title: '大数据专业共建', description: '提供专业人才培养方案、课程体系和师资培训。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'ai',
    title: '人工智能实验室',
    summary: '提供 GPU 算力、主流深度学习框架与大模型接口，支撑机器学习、深度学习和大模型应用开发教学。',
    body: html(
      h2('实验室简介'),
      p(
        '人工智能实验室按课程排课自动分配 GPU 算力，内置 PyTorch、TensorFlow、MindSpore 等框架和常用数据集，并提供国产大模型接口用于应用开发教学。',
      ),
      h2('典型课程'),
      ul(['机器学习基础', '深度学习与计算机视觉', '自然语言处理', '大模型应用开发实践']),
    ),
    attrs: {
      solutions: [
        { title: '弹性 GPU 算力', description: '按课程和实验分配算力，支持整班同时训练模型。' },
        {
          title: '大模型应用开发',
          description: '提供大模型接口、向量数据库与智能体框架，学生可快速搭建应用。',
        },
        { title: 'AI 通识教育', description: '面向非计算机专业开设人工智能通识课程，配套在线实验。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'ic',
    title: '集成电路实验室',
    summary: '提供芯片设计、验证与后端实现的 EDA 云环境和工艺库，支撑集成电路专业的课程实验与流片实践。',
    body: html(
      h2('实验室简介'),
      p(
        '集成电路实验室提供开源与商业 EDA 工具的云端环境，学生可以完成从 RTL 设计、功能验证到综合、布局布线的完整流程，优秀设计可申请多项目晶圆流片。',
      ),
      h2('教学覆盖'),
      ul(['数字电路与 Verilog', '数字集成电路设计', '芯片验证方法学', 'FPGA 原型验证']),
    ),
    attrs: {
      solutions: [
        { title: 'EDA 云平台', description: '浏览器中使用 EDA 工具，按需分配许可证与计算资源。' },
        { title: '流片实践', description: '组织多项目晶圆流片，学生设计的芯片可回片测试。' },
        { title: '师资培训', description: '面向高校教师开展芯片设计与验证的专题培训。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'xinchuang',
    title: '信创实验室',
    summary: '基于国产操作系统、数据库和中间件搭建实训环境，培养信创产品适配、迁移与运维人才。',
    body: html(
      h2('实验室简介'),
      p(
        '信创实验室提供 openEuler、openGauss 等国产基础软件的实训环境，覆盖安装部署、应用迁移、性能调优和安全运维等岗位能力。',
      ),
      h2('实训方向'),
      ul(['国产操作系统运维', '国产数据库开发与管理', '应用系统适配与迁移']),
    ),
    attrs: {
      solutions: [
        { title: '国产数据库实训', description: '围绕 openGauss 开设安装、开发、调优与高可用实训。' },
        { title: '适配迁移演练', description: '把典型业务系统从国外软件栈迁移到国产软件栈。' },
        { title: '信创认证培训', description: '对接国产基础软件厂商认证，提升就业竞争力。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'iot',
    title: '物联网实验室',
    summary: '虚实结合的物联网实训环境，覆盖感知层设备、通信协议、物联网平台与边缘计算。',
    body: html(
      h2('实验室简介'),
      p(
        '物联网实验室提供与实物接口一致的虚拟开发板和传感器，配合可选的实物实训箱，学生可以在课堂和课后随时完成物联网实验。',
      ),
      h2('支持的协议与平台'),
      ul(['MQTT、CoAP、HTTP', 'LoRa、NB-IoT、ZigBee', '边缘计算网关与规则引擎']),
    ),
    attrs: {
      solutions: [
        { title: '虚拟仿真实训', description: '虚拟开发板与传感器，无需设备即可完成全部实验。' },
        { title: '智慧农业实训套件', description: '以大棚环境监测为场景的实物实训套件和配套课程。' },
        { title: '技能证书对接', description: '对接 1+X 传感网应用开发职业技能等级证书。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'manufacturing',
    title: '智能制造实验室',
    summary: '围绕工业软件与产线数字化，提供 PLC 仿真、工业数据采集、MES 与数字孪生实训环境。',
    body: html(
      h2('实验室简介'),
      p(
        '智能制造实验室以一条虚拟电机装配产线为载体，学生可以完成 PLC 编程、工业数据采集、MES 排产和数字孪生监控等实训任务。',
      ),
      h2('面向专业'),
      ul(['机械设计制造及其自动化', '电气工程及其自动化', '工业互联网技术']),
    ),
    attrs: {
      solutions: [
        { title: '虚拟产线', description: '完整的电机装配虚拟产线，支持故障注入与排查训练。' },
        { title: '工业数据采集', description: '基于 OPC UA 与 MQTT 的数据采集实训。' },
        { title: '数字孪生开发', description: '三维可视化与实时数据联动的孪生系统开发实训。' },
      ],
    },
    cover: true,
  },
  {
    slug: 'practice',
    title: '综合实践教学平台',
    summary: '覆盖实验、实训、实习和毕业设计的实践教学全过程管理，让每一次实践都有记录、有评价。',
    body: html(
      h2('平台简介'),
      p(
        '综合实践教学平台把课程实验、产业项目实训、企业实习和毕业设计统一管理，教师可以布置任务、批阅报告，学院可以查看全院的实践教学数据。',
      ),
      h2('管理环节'),
      table(
        ['环节', '主要功能'],
        [
          ['课程实验', '实验布置、云端环境、报告批阅'],
          ['项目实训', '项目阶段、任务分配、过程评价'],
          ['企业实习', '实习计划、周志、企业评价'],
          ['毕业设计', '选题、开题、中期检查、答辩'],
        ],
      ),
    ),
    attrs: {
      solutions: [
        { title: '实践过程管理', description: '任务、提交、批阅和成绩全过程留痕，支撑教学检查。' },
        { title: '校企协同', description: '企业导师在线指导和评价，学生实践经历可追溯。' },
        { title: '数据分析', description: '按专业和班级统计实践教学数据，生成质量报告。' },
      ],
    },
    cover: true,
  },
];

const PRODUCT_NEWS: DemoRow<'news'>[] = [
  {
    title: '优加产教融合创新联盟 2026 年度工作会议召开',
    summary: '来自 42 所高校和 28 家企业的代表参加会议，审议通过年度工作计划，新增 6 家成员单位。',
    body: html(
      p(
        '3 月 20 日，优加产教融合创新联盟 2026 年度工作会议在示范市召开，来自 42 所高校和 28 家企业的 130 余名代表参加会议。',
      ),
      p(
        '会议审议通过了联盟 2026 年度工作计划，明确了共建实训基地、联合开发课程、举办创新大赛和开展师资培训四项重点任务。会议还审议通过了 6 家新成员单位的入盟申请。',
      ),
      p('联盟理事长在讲话中表示，联盟将继续以真实项目和真实岗位为牵引，推动人才培养与产业需求精准对接。'),
    ),
    attrs: { source: '联盟秘书处' },
    daysAgo: 2,
    cover: true,
  },
  {
    title: '第三届鸿蒙应用创新大赛启动报名',
    summary: '大赛设应用创新、元服务和开源贡献三个赛道，面向全国高校在校生，报名截止到 5 月 31 日。',
    body: html(
      p(
        '第三届鸿蒙应用创新大赛正式启动报名。本届大赛设应用创新、元服务和开源贡献三个赛道，面向全国高校在校生，以 1 至 5 人组队参赛。',
      ),
      h2('赛程安排'),
      table(
        ['阶段', '时间'],
        [
          ['报名', '4 月 1 日—5 月 31 日'],
          ['初赛作品提交', '6 月 30 日前'],
          ['复赛与决赛', '8 月'],
        ],
      ),
      p('参赛队伍可免费使用平台鸿蒙实验室的云端开发环境和远程真机。'),
    ),
    attrs: { source: '大赛组委会' },
    daysAgo: 6,
    cover: true,
  },
  {
    title: '平台上线大模型应用开发实验环境',
    summary: '人工智能实验室新增大模型接口、向量数据库与智能体开发框架，首批 12 个实验向合作院校开放。',
    body: html(
      p(
        '平台人工智能实验室近日上线大模型应用开发实验环境，为师生提供国产大模型接口、向量数据库和智能体开发框架。',
      ),
      p(
        '首批上线的 12 个实验覆盖提示词工程、检索增强生成和工具调用，配套课程《大模型应用开发实践》已同步开放。合作院校教师可以在课程管理中直接引用这些实验。',
      ),
    ),
    attrs: { source: '平台运营中心' },
    daysAgo: 12,
    cover: true,
  },
  {
    title: '2026 年暑期师资培训报名开始',
    summary: '本期培训设大数据、人工智能、鸿蒙开发和集成电路四个专题，每个专题 5 天，完成者颁发结业证书。',
    body: html(
      p('为帮助高校教师掌握新技术、更新教学内容，联盟将于 7 月举办暑期师资培训。'),
      ul([
        '大数据分析与数据治理（7 月 6 日—10 日）',
        '大模型应用开发（7 月 13 日—17 日）',
        '鸿蒙应用开发（7 月 13 日—17 日）',
        '数字集成电路设计（7 月 20 日—24 日）',
      ]),
      p('培训采用线上理论与线下实操结合的方式，完成全部学习任务并通过考核的教师将获得结业证书。'),
    ),
    attrs: { source: '联盟秘书处' },
    daysAgo: 18,
  },
  {
    title: '联盟成员单位共建的 5 个实训基地通过验收',
    summary: '5 个实训基地累计开设实训项目 48 个，服务学生 3200 人次，验收专家组给予了“优秀”评价。',
    body: html(
      p(
        '近日，联盟组织专家对成员单位共建的 5 个实训基地进行验收。专家组听取了建设汇报，实地查看了实训环境，并抽查了学生的项目交付物。',
      ),
      p(
        '5 个基地在建设期内累计开设实训项目 48 个，服务学生 3200 人次，带动合作企业接收实习生 410 人。专家组一致同意通过验收，并给予“优秀”评价。',
      ),
    ),
    attrs: { source: '联盟秘书处' },
    daysAgo: 27,
    cover: true,
  },
  {
    title: '优加平台入选省级产教融合优秀案例',
    summary: '平台“以真实项目贯穿的实践教学模式”被省教育厅评为产教融合优秀案例，将在全省推广。',
    body: html(
      p('省教育厅近日公布产教融合优秀案例名单，优加平台申报的“以真实项目贯穿的实践教学模式”入选。'),
      p('该模式以平台的产业项目实训和实习生计划为载体，已在省内 23 所高校应用，累计服务学生 4.6 万人。'),
    ),
    attrs: { source: '平台运营中心' },
    daysAgo: 40,
  },
];

const PRODUCT_NOTICES: DemoRow<'notice'>[] = [
  {
    title: '关于平台系统升级维护的通知',
    summary: '平台将于本周六 0:00 至 6:00 进行系统升级，期间暂停访问。',
    body: html(
      p('各位用户：'),
      p(
        '为提升服务质量，平台将于本周六 0:00 至 6:00 进行系统升级维护，期间平台各项服务暂停访问。请提前保存好正在编辑的内容，合理安排学习和教学时间。',
      ),
      p('给您带来的不便，敬请谅解。'),
    ),
    attrs: { source: '平台运营中心' },
    daysAgo: 1,
  },
  {
    title: '关于申报 2026 年度联盟教改课题的通知',
    summary: '联盟设立产教融合教改课题 30 项，每项资助 2 万元，申报截止到 4 月 30 日。',
    body: html(
      p(
        '为推动成员单位开展产教融合教学改革，联盟设立 2026 年度教改课题 30 项，每项资助经费 2 万元，研究周期一年。',
      ),
      h2('申报方向'),
      ul(['真实项目驱动的实践教学', '课程思政与职业素养培养', '新技术课程建设', '校企协同育人机制']),
      p('请于 4 月 30 日前将申报书发送至联盟秘书处邮箱。'),
    ),
    attrs: { source: '联盟秘书处' },
    daysAgo: 5,
  },
  {
    title: '关于做好春季学期实习生计划报名工作的通知',
    summary: '春季学期实习生计划共有 36 家企业提供 520 个岗位，请各校组织学生在平台报名。',
    body: html(
      p(
        '春季学期实习生计划已开放报名，共有 36 家企业提供 520 个实习岗位，涉及软件开发、数据分析、测试、运维等方向。',
      ),
      p('请各校就业指导部门组织符合条件的学生在平台“实习生计划”中报名，并提醒学生完善个人资料和在线简历。'),
    ),
    attrs: { source: '平台运营中心' },
    daysAgo: 9,
  },
  {
    title: '关于公布第二批联盟成员单位名单的公告',
    summary: '经理事会审议，同意 8 家单位加入联盟，现予以公布。',
    body: html(
      p('根据联盟章程，经理事会审议，同意以下 8 家单位加入优加产教融合创新联盟：'),
      ol([
        '南湖信息工程学院',
        '青川职业技术学院',
        '西岭师范学院',
        '江源科技职业学院',
        '北辰数据科技有限公司',
        '启明芯科技有限公司',
        '云栖智造科技有限公司',
        '长风软件股份有限公司',
      ]),
    ),
    attrs: { source: '联盟秘书处' },
    daysAgo: 21,
  },
  {
    title: '关于使用新版内容管理功能的说明',
    summary: '平台内容管理支持图文编辑、预览与排序，学校和区域管理员可以自主维护本站点的内容。',
    body: html(
      p(
        '平台内容管理功能已升级。学校和区域管理员登录后，在用户菜单中进入“内容管理”，即可维护本站点的课程、新闻、通知等内容。',
      ),
      ul(['支持图文混排与图片上传', '发布前可预览访客看到的效果', '拖动调整列表的展示顺序']),
    ),
    attrs: { source: '平台运营中心' },
    daysAgo: 33,
  },
];

/**
 * An alliance member (its logo is generated). The demo organisations are made up, so none has a website
 * (a link to an address that does not exist would be a dead link).
 */
const member = (
  title: string,
  memberType: Attrs<'member'>['memberType'],
  summary: string,
): DemoRow<'member'> => ({ title, summary, body: '', attrs: { memberType }, cover: true });

const PRODUCT_MEMBERS: DemoRow<'member'>[] = [
  member('东岭理工大学', '理事长单位', '联盟理事长单位，以工科见长，软件工程专业为国家一流本科专业建设点。'),
  member('优加信息技术有限公司', '副理事长单位', '联盟副理事长单位，专注产教融合平台与实训内容研发。'),
  member('南湖信息工程学院', '副理事长单位', '联盟副理事长单位，计算机科学与技术专业通过工程教育认证。'),
  member('北辰数据科技有限公司', '常务理事单位', '联盟常务理事单位，提供大数据实训场景与脱敏数据。'),
  member('青川职业技术学院', '常务理事单位', '联盟常务理事单位，物联网应用技术专业为省级高水平专业群。'),
  member('启明芯科技有限公司', '常务理事单位', '联盟常务理事单位，数字芯片设计服务企业。'),
  member('西岭师范学院', '成员单位', '联盟成员单位，开设教育技术学与计算机科学与技术专业。'),
  member('江源科技职业学院', '成员单位', '联盟成员单位，工业互联网技术专业为省级骨干专业。'),
  member('云栖智造科技有限公司', '成员单位', '联盟成员单位，工业互联网与数字孪生解决方案提供商。'),
  member('长风软件股份有限公司', '成员单位', '联盟成员单位，金融与政务行业软件服务商。'),
];

const PRODUCT_RECRUITS: DemoRow<'recruit'>[] = [
  {
    title: '北辰数据科技 2026 届校园招聘',
    summary: '招聘大数据开发、数据分析、算法工程师共 40 人，工作地点示范市、南湖市。',
    body: html(
      h2('公司简介'),
      p('北辰数据科技有限公司是一家专注交通与城市治理领域的数据服务企业，员工 600 余人。'),
      h2('招聘岗位'),
      table(
        ['岗位', '人数', '要求'],
        [
          ['大数据开发工程师', '20', '熟悉 Hadoop、Spark，计算机相关专业本科及以上'],
          ['数据分析师', '12', '熟练使用 SQL 与 Python，统计学或计算机相关专业'],
          ['算法工程师', '8', '熟悉机器学习常用算法，硕士优先'],
        ],
      ),
      h2('投递方式'),
      p('在平台“求职就业”中投递简历，或发送简历至 hr@beichen-data.cn，邮件标题注明“姓名+学校+岗位”。'),
    ),
    attrs: {
      company: '北辰数据科技有限公司',
      city: '示范市',
      salary: '12-20K',
      positions: ['大数据开发工程师', '数据分析师', '算法工程师'],
      contact: 'hr@beichen-data.cn',
    },
    daysAgo: 3,
    deadlineInDays: 45,
  },
  {
    title: '优加信息技术有限公司 暑期实习生招聘',
    summary: '面向 2027 届学生招聘 Java 开发、前端开发和测试实习生，实习表现优秀者可获正式录用。',
    body: html(
      p(
        '优加信息技术有限公司面向 2027 届本科及研究生招聘暑期实习生，实习期 2 至 3 个月，提供实习补贴和住宿补助。',
      ),
      h2('实习岗位'),
      ul(['Java 开发实习生（15 人）', '前端开发实习生（8 人）', '软件测试实习生（6 人）']),
      p('实习结束后表现优秀者可直接获得正式录用意向。'),
    ),
    attrs: {
      company: '优加信息技术有限公司',
      city: '示范市',
      salary: '200元/天',
      positions: ['Java开发实习生', '前端开发实习生', '软件测试实习生'],
      contact: 'campus@uplus-demo.cn',
    },
    daysAgo: 8,
    deadlineInDays: 30,
  },
  {
    title: '启明芯科技 数字 IC 设计与验证工程师招聘',
    summary: '招聘数字 IC 前端设计和验证工程师，欢迎集成电路、微电子及相关专业的应届毕业生。',
    body: html(
      h2('岗位职责'),
      ul(['负责数字模块的 RTL 设计与综合', '搭建验证环境，编写测试用例并完成覆盖率收敛']),
      h2('任职要求'),
      ul(['微电子、集成电路、电子信息相关专业硕士及以上', '熟悉 Verilog/SystemVerilog，了解 UVM 验证方法学']),
    ),
    attrs: {
      company: '启明芯科技有限公司',
      city: '南湖市',
      salary: '20-35K',
      positions: ['数字IC设计工程师', '数字IC验证工程师'],
      contact: '0571-8860 2026',
    },
    daysAgo: 15,
    deadlineInDays: 20,
  },
  {
    title: '云栖智造 工业软件工程师招聘',
    summary: '招聘工业软件开发、物联网开发工程师，参与数字孪生与 MES 产品研发。',
    body: html(
      p(
        '云栖智造科技有限公司为制造企业提供工业互联网与数字孪生解决方案，现招聘工业软件工程师与物联网开发工程师。',
      ),
      ul([
        '工业软件工程师：熟悉 Java 或 C#，有 MES 项目经验者优先',
        '物联网开发工程师：熟悉 MQTT、OPC UA 等协议',
      ]),
    ),
    attrs: {
      company: '云栖智造科技有限公司',
      city: '示范市',
      salary: '10-18K',
      positions: ['工业软件工程师', '物联网开发工程师'],
      contact: 'jobs@yunqi-mfg.cn',
    },
    daysAgo: 26,
    deadlineInDays: 10,
  },
  {
    title: '长风软件 2026 春季补录',
    summary: '春季补录 Java 开发与实施工程师，面向 2026 届毕业生，已截止。',
    body: html(
      p('长风软件股份有限公司 2026 春季补录招聘 Java 开发工程师 10 人、实施工程师 6 人，工作地点示范市。'),
      p('本次补录已截止，感谢各位同学的关注，后续招聘信息请留意平台通知。'),
    ),
    attrs: {
      company: '长风软件股份有限公司',
      city: '示范市',
      salary: '9-14K',
      positions: ['Java开发工程师', '实施工程师'],
      contact: 'hr@changfeng-soft.cn',
    },
    daysAgo: 50,
    deadlineInDays: -12,
  },
  {
    title: '北辰数据科技 2025 秋季数据标注实习',
    summary: '招聘数据标注与质检实习生 30 人，可远程实习，已截止。',
    body: html(
      p('北辰数据科技 2025 年秋季招聘数据标注与质检实习生 30 人，支持远程实习，每周不少于 3 天。'),
      p('本次招聘已截止。'),
    ),
    attrs: {
      company: '北辰数据科技有限公司',
      city: '远程',
      salary: '150元/天',
      positions: ['数据标注实习生', '数据质检实习生'],
      contact: 'intern@beichen-data.cn',
    },
    daysAgo: 120,
    deadlineInDays: -75,
  },
];

/** Every single page of the product site (PAGE_SLUGS). */
const PRODUCT_PAGES: Record<PageSlug, Omit<DemoRow<'page'>, 'attrs'>> = {
  allianceHome: {
    title: '优加产教融合创新联盟',
    summary: '由高校、企业和行业组织共同发起的非营利性合作组织，推动教育链、人才链与产业链、创新链有机衔接。',
    body: html(
      h2('联盟使命'),
      p('汇聚高校、企业与行业组织的力量，以真实项目、真实岗位和真实数据推动人才培养与产业需求精准对接。'),
      h2('联盟概况'),
      table(
        ['项目', '数量'],
        [
          ['成员单位', '70 家（高校 42 所，企业 28 家）'],
          ['共建实训基地', '18 个'],
          ['联合开发课程', '56 门'],
          ['年服务学生', '5.2 万人次'],
        ],
      ),
      h2('重点工作'),
      ul([
        '共建实训基地与产业学院',
        '联合开发课程与教材',
        '举办创新大赛与技能竞赛',
        '开展师资培训与教学研究',
      ]),
    ),
  },
  allianceAbout: {
    title: '联盟简介',
    summary: '优加产教融合创新联盟成立于 2023 年，秘书处设在优加信息技术有限公司。',
    body: html(
      h2('联盟简介'),
      p(
        '优加产教融合创新联盟（以下简称“联盟”）成立于 2023 年 9 月，由东岭理工大学、优加信息技术有限公司等 20 家单位共同发起，现有成员单位 70 家。',
      ),
      p(
        '联盟坚持“共建、共享、共赢”的原则，围绕新一代信息技术领域，开展人才培养、课程建设、实训基地建设和技术服务等方面的合作。',
      ),
      h2('组织架构'),
      ul([
        '理事会：联盟的决策机构，由全体理事单位组成',
        '秘书处：负责联盟日常工作',
        '专业委员会：大数据、人工智能、鸿蒙、集成电路、智能制造五个专业委员会',
      ]),
      h2('联系方式'),
      p('联盟秘书处：示范市高新区软件园 8 号楼 5 层；电话 0571-8860 1000；邮箱 alliance@uplus-demo.cn'),
    ),
  },
  qualification: {
    title: '资质荣誉',
    summary: '平台与公司获得的主要资质认证和荣誉。',
    body: html(
      h2('资质认证'),
      ul([
        '国家高新技术企业',
        '软件企业认定证书',
        'ISO 9001 质量管理体系认证',
        'ISO 27001 信息安全管理体系认证',
        '信息系统安全等级保护三级备案',
      ]),
      h2('荣誉奖项'),
      table(
        ['年份', '荣誉'],
        [
          ['2025', '省级产教融合优秀案例'],
          ['2025', '教育部产学合作协同育人项目合作企业'],
          ['2024', '省级专精特新中小企业'],
          ['2024', '示范市优秀软件产品'],
        ],
      ),
    ),
  },
  education: {
    title: '工程教育认证',
    summary: '帮助专业以产出为导向开展教学评价与持续改进，顺利通过工程教育认证。',
    body: html(
      h2('认证理念'),
      p('工程教育认证强调以学生为中心、以产出为导向、持续改进。平台把认证要求落实到日常教学的每一个环节。'),
      h2('服务内容'),
      ol([
        '培养目标与毕业要求梳理',
        '课程体系与课程目标支撑关系设计',
        '课程目标达成度评价',
        '毕业要求达成度评价',
        '持续改进机制建设与认证材料准备',
      ]),
      h2('服务成果'),
      p('已服务 31 个专业开展认证准备，其中 17 个专业通过认证现场考查。'),
    ),
  },
  ability: {
    title: '能力测评',
    summary: '面向学生的专业能力与职业素养测评，帮助学生了解自己、明确方向。',
    body: html(
      h2('测评介绍'),
      p('能力测评由专业技能测评和职业素养测评两部分组成，测评结果以能力雷达图展示，并给出学习和求职建议。'),
      h2('测评内容'),
      table(
        ['类别', '测评项目', '时长'],
        [
          ['专业技能', '编程基础、数据结构、数据库、Web 开发', '90 分钟'],
          ['职业素养', '沟通表达、团队协作、问题解决、学习能力', '40 分钟'],
          ['职业兴趣', '霍兰德职业兴趣测评', '15 分钟'],
        ],
      ),
      h2('如何参加'),
      p('登录后在学生工作台中进入“能力测评”，按提示完成测评。每学期可参加一次，结果会保存在个人档案中。'),
    ),
  },
  version: {
    title: '版本介绍',
    summary: '平台提供基础版、标准版和旗舰版三个版本，满足不同规模院校的需要。',
    body: html(
      h2('版本对比'),
      table(
        ['功能', '基础版', '标准版', '旗舰版'],
        [
          ['精品课程', '✓', '✓', '✓'],
          ['云端实验', '10 个实验', '100 个实验', '不限'],
          ['产业项目实训', '—', '✓', '✓'],
          ['实习生计划与求职就业', '—', '✓', '✓'],
          ['平台实验室', '—', '任选 2 个', '全部 9 个'],
          ['学校独立站点', '—', '✓', '✓'],
          ['数据大屏', '—', '—', '✓'],
          ['专属客户经理', '—', '—', '✓'],
        ],
      ),
      h2('适用对象'),
      ul([
        '基础版：希望先行试用的院系',
        '标准版：开设实践课程的二级学院',
        '旗舰版：全校范围推进产教融合的院校',
      ]),
      p('如需了解报价或申请试用，请联系 sales@uplus-demo.cn。'),
    ),
  },
  publishing: {
    title: '教材中心',
    summary: '联盟成员共同编写的新形态教材，纸质教材与平台在线资源配套使用。',
    body: html(
      h2('已出版教材'),
      table(
        ['书名', '主编', '出版时间'],
        [
          ['《Java 企业级应用开发（微课版）》', '王建国', '2025 年 8 月'],
          ['《大数据技术原理与应用实践》', '刘海峰', '2025 年 2 月'],
          ['《HarmonyOS 应用开发基础》', '孙磊', '2024 年 9 月'],
          ['《物联网设备安装与调试》', '何晓燕', '2024 年 8 月'],
        ],
      ),
      h2('新形态教材'),
      p('每本教材的二维码都对应平台上的在线资源，包括微课视频、云端实验和在线测验，扫码即可学习。'),
      h2('教材征稿'),
      p('欢迎联盟成员单位的教师申报新教材选题，请将选题申报表发送至 publishing@uplus-demo.cn。'),
    ),
  },
  identity: {
    title: '身份认证',
    summary: '完成身份认证后，可以使用学校开放的课程、实验和实习等全部功能。',
    body: html(
      h2('为什么要认证'),
      p('平台的很多资源只对认证后的师生开放。认证可以确认您所在的学校和身份，保护学校资源与个人信息的安全。'),
      h2('认证方式'),
      ol([
        '学校统一导入：由学校管理员批量导入师生信息，登录即完成认证',
        '邀请码认证：输入老师提供的班级邀请码',
        '人工审核：上传学生证或工作证照片，1 个工作日内完成审核',
      ]),
      h2('常见问题'),
      p('如果您的学校尚未开通平台，请联系学校教务部门或发送邮件至 service@uplus-demo.cn。'),
    ),
  },
  qualityClassroom: {
    title: '优质课堂',
    summary: '汇集联盟院校的优质课程与教学案例，供教师学习借鉴、学生自主学习。',
    body: html(
      h2('优质课堂'),
      p(
        '优质课堂收录联盟院校教师建设的精品课程，覆盖软件工程、大数据、人工智能、物联网和鸿蒙开发等方向。每门课程都经过联盟专业委员会评审。',
      ),
      h2('评选标准'),
      ul([
        '教学目标清晰，与产业需求对接',
        '教学资源完整，包含视频、课件、实验和测验',
        '近两个学期有实际开课记录，学生评价良好',
      ]),
    ),
  },
  hefeixinhuo: {
    title: '合肥薪火计划',
    summary: '面向合肥地区高校学生的软件与信息技术人才培养计划，以“学习—实训—实习—就业”一体化培养。',
    body: html(
      h2('计划简介'),
      p(
        '合肥薪火计划由合肥地区软件企业与高校联合发起，每年遴选 500 名在校生，用一年时间完成系统的技术学习、项目实训和企业实习，优秀学员直接获得合作企业的录用通知。',
      ),
      h2('培养安排'),
      table(
        ['阶段', '时间', '内容'],
        [
          ['技术学习', '第 1—3 个月', '在线课程与每周直播答疑'],
          ['项目实训', '第 4—6 个月', '企业真实项目分组实训'],
          ['企业实习', '第 7—12 个月', '到合作企业带薪实习'],
        ],
      ),
      h2('报名条件'),
      ul([
        '合肥地区高校 2027、2028 届在校生',
        '计算机、软件、电子信息等相关专业',
        '每周能保证 15 小时以上的学习时间',
      ]),
    ),
  },
  areaHefeixinhuo: {
    title: '合肥薪火计划（区域）',
    summary: '区域内高校与企业共同参与的薪火计划，本区域学员可以优先进入区域内合作企业实习。',
    body: html(
      h2('区域计划'),
      p(
        '区域薪火计划在合肥薪火计划的基础上，由区域内高校和企业共同组织，学员在区域内的实训基地完成项目实训，并优先进入区域合作企业实习。',
      ),
      h2('参与方式'),
      ol(['在平台完成报名和能力测评', '参加区域组织的面试', '入选后加入对应的实训班级']),
    ),
  },
  openGauss: {
    title: 'openGauss 实训',
    summary: '以 openGauss 为核心的国产数据库实训课程与认证培训，培养数据库开发与运维人才。',
    body: html(
      h2('实训简介'),
      p(
        'openGauss 实训面向计算机类专业学生，提供从安装部署、SQL 开发到性能调优、高可用运维的完整实训内容，实验环境基于 openEuler 操作系统。',
      ),
      h2('课程模块'),
      table(
        ['模块', '学时', '主要内容'],
        [
          ['数据库基础', '8', '安装部署、gsql、用户与权限'],
          ['SQL 开发', '12', '建表、查询、存储过程、触发器'],
          ['性能调优', '8', '执行计划、索引、参数调优'],
          ['高可用运维', '8', '主备部署、备份恢复、监控'],
        ],
      ),
      h2('认证'),
      p('完成实训并通过考核的学生可以参加 openGauss 数据库认证考试。'),
    ),
  },
  qdecInternProgram: {
    title: '职业院校智能制造产教联盟实习计划',
    summary: '联盟内智能制造企业面向职业院校学生提供的岗位实习计划，涵盖设备运维、产线调试和质量检测岗位。',
    body: html(
      h2('计划简介'),
      p(
        '职业院校智能制造产教联盟实习计划由联盟内 18 家智能制造企业共同提供岗位，面向职业院校机电、自动化、工业互联网等专业学生，实习期 6 个月。',
      ),
      h2('实习岗位'),
      table(
        ['岗位', '名额', '实习地点'],
        [
          ['设备运维技术员', '120', '示范市、南湖市'],
          ['产线调试技术员', '80', '示范市'],
          ['质量检测员', '60', '南湖市'],
          ['工业软件实施助理', '40', '示范市'],
        ],
      ),
      h2('学生保障'),
      ul([
        '实习补贴不低于当地最低工资标准的 80%',
        '企业提供住宿或住房补贴',
        '学校与企业双导师指导，按周提交实习周志',
      ]),
    ),
  },
  researchDesign: {
    title: '设计服务平台',
    summary: '为高校科研团队和中小企业提供芯片设计工具、IP 与设计咨询服务。',
    body: html(
      h2('服务内容'),
      ul(['EDA 工具云端使用', '基础 IP 库授权', '设计方法学咨询与评审', '设计规则检查与版图验证']),
      h2('服务流程'),
      ol(['在线提交需求', '技术人员评估并给出方案', '签订服务协议', '开通资源并提供技术支持']),
      p('咨询电话：0571-8860 3000。'),
    ),
  },
  researchTapeout: {
    title: '流片服务平台',
    summary: '组织多项目晶圆（MPW）流片，降低高校和初创团队的芯片验证成本。',
    body: html(
      h2('流片服务'),
      p('平台定期组织多项目晶圆流片，多个设计共享同一块晶圆的制造成本，单个项目的流片费用可降低 80% 以上。'),
      h2('2026 年流片班次'),
      table(
        ['工艺', '截止提交', '预计回片'],
        [
          ['180 nm CMOS', '4 月 15 日', '7 月下旬'],
          ['55 nm CMOS', '6 月 30 日', '10 月中旬'],
          ['180 nm CMOS', '9 月 15 日', '12 月下旬'],
        ],
      ),
      p('回片后可以使用平台的测试服务完成封装与测试。'),
    ),
  },
  researchCustom: {
    title: '定制研发平台',
    summary: '依托联盟高校科研力量与企业工程能力，为行业用户提供软硬件定制研发服务。',
    body: html(
      h2('服务方向'),
      ul([
        '行业应用软件定制开发',
        '物联网终端与边缘网关研发',
        '人工智能算法定制与部署',
        '专用芯片与 FPGA 方案设计',
      ]),
      h2('合作方式'),
      p(
        '用户提出需求后，平台组织高校团队与企业工程师联合评估，签订合同后按里程碑交付。学生可作为项目成员参与研发，获得真实项目经验。',
      ),
    ),
  },
};

export const PRODUCT_CONTENT = {
  course: PRODUCT_COURSES,
  experiment: PRODUCT_EXPERIMENTS,
  project: PRODUCT_PROJECTS,
  case: PRODUCT_CASES,
  lab: PRODUCT_LABS,
  news: PRODUCT_NEWS,
  notice: PRODUCT_NOTICES,
  member: PRODUCT_MEMBERS,
  recruit: PRODUCT_RECRUITS,
  page: Object.entries(PRODUCT_PAGES).map(([slug, page]): DemoRow<'page'> => ({ ...page, slug, attrs: {} })),
} satisfies { [K in ContentKind]?: DemoRow<K>[] };

// ---------------------------------------------------------------------------------------------
// School site (`UPLUS-C001`, 优加示范大学): its own (exclusive) resources beside the product site's

export const SCHOOL_CONTENT = {
  course: [
    {
      title: '数据结构',
      summary: '计算机学院专业核心课，讲授线性表、栈与队列、树、图、查找与排序，配套在线编程练习与作业。',
      body: html(
        h2('课程简介'),
        p(
          '《数据结构》是计算机学院各专业的核心课程，本学期由李静老师主讲。课程强调“理解原理、动手实现、分析复杂度”，每章配有在线编程题。',
        ),
        h2('上课安排'),
        p('每周二、周四上课，地点为教学楼 A201；实验课在实验楼 302 室。'),
      ),
      attrs: {
        category: '软件工程',
        courseType: 'Theory',
        hours: 64,
        teacher: '李静',
        school: '优加示范大学',
        chapters: [
          chapter('第1章 线性表', [
            sec(
              '1.1 顺序表',
              30,
              p(
                '顺序表用一段连续的存储空间依次存放元素，按下标访问的时间复杂度为 O(1)，插入和删除平均需要移动一半的元素。',
              ),
            ),
            sec('1.2 单链表', 35),
            sec('1.3 双向链表与循环链表', 30),
          ]),
          chapter('第2章 栈与队列', [sec('2.1 栈及其应用', 35), sec('2.2 队列与循环队列', 30)]),
          chapter('第3章 树与二叉树', [
            sec('3.1 二叉树的遍历', 40),
            sec('3.2 二叉搜索树', 35),
            sec('3.3 哈夫曼树与编码', 30),
          ]),
          chapter('第4章 图', [
            sec('4.1 图的存储与遍历', 40),
            sec('4.2 最短路径', 40),
            sec('4.3 最小生成树', 35),
          ]),
        ],
      },
      cover: true,
    },
    {
      title: '软件工程导论',
      summary: '介绍软件生命周期、需求分析、软件设计、测试与项目管理，学生以小组形式完成一个小型软件项目。',
      body: html(
        h2('课程简介'),
        p(
          '本课程是软件工程专业的入门课程，帮助学生建立工程化开发软件的基本观念，了解软件开发的各个阶段及其产出物。',
        ),
        h2('课程项目'),
        p('4 至 5 人一组，完成“社团活动管理系统”的需求分析、设计、编码和测试，期末进行项目答辩。'),
      ),
      attrs: {
        category: '软件工程',
        courseType: 'Theory',
        hours: 48,
        teacher: '陈志强',
        school: '优加示范大学',
        chapters: [
          chapter('第1章 软件工程概述', [
            sec(
              '1.1 软件危机与软件工程',
              25,
              p(
                '20 世纪 60 年代，软件规模迅速扩大，开发进度失控、质量低下的问题集中出现，被称为“软件危机”。软件工程由此诞生，主张用工程化的方法开发和维护软件。',
              ),
            ),
            sec('1.2 软件生命周期模型', 30),
          ]),
          chapter('第2章 需求分析', [
            sec('2.1 需求获取', 30),
            sec('2.2 用例建模', 35),
            sec('2.3 需求规格说明书', 25),
          ]),
          chapter('第3章 软件设计与测试', [
            sec('3.1 体系结构设计', 35),
            sec('3.2 面向对象设计', 35),
            sec('3.3 软件测试方法', 35),
          ]),
        ],
      },
      cover: true,
    },
    {
      title: '数据库原理及应用',
      summary: '讲授关系模型、SQL、数据库设计与事务管理，以校园一卡通系统为例完成数据库设计实践。',
      body: html(
        h2('课程简介'),
        p(
          '课程以校园一卡通系统为贯穿案例，从概念设计、逻辑设计到物理实现，完整经历一次数据库设计过程，并学习 SQL 查询与事务管理。',
        ),
        h2('实验环境'),
        p('实验使用学校数据中心提供的 MySQL 8 与 openGauss 环境，学生也可以使用平台的云端实验环境。'),
      ),
      attrs: {
        category: '软件工程',
        courseType: 'Theory',
        hours: 56,
        teacher: '李静',
        school: '优加示范大学',
        chapters: [
          chapter('第1章 关系模型', [
            sec(
              '1.1 数据库系统概述',
              20,
              p(
                '数据库系统由数据库、数据库管理系统、应用程序和用户组成。与文件系统相比，数据库能更好地保证数据的共享性、一致性和安全性。',
              ),
            ),
            sec('1.2 关系代数', 35),
          ]),
          chapter('第2章 SQL 语言', [
            sec('2.1 数据定义', 30),
            sec('2.2 单表与多表查询', 40),
            sec('2.3 视图与索引', 30),
          ]),
          chapter('第3章 数据库设计', [sec('3.1 E-R 模型', 35), sec('3.2 规范化理论', 40)]),
          chapter('第4章 事务与并发控制', [sec('4.1 事务的 ACID 特性', 30), sec('4.2 锁与隔离级别', 35)]),
        ],
      },
      cover: true,
    },
  ] satisfies DemoRow<'course'>[],
  project: [
    {
      title: '校园二手交易平台开发',
      summary:
        '计算机学院 2023 级软件工程综合实训项目：完成一个支持发布、搜索、议价和交易评价的校园二手交易平台。',
      body: html(
        h2('项目简介'),
        p(
          '本项目是计算机学院软件工程专业三年级综合实训的指定项目，由学院与优加信息技术有限公司共同设计，学生以 5 人小组完成，为期 8 周。',
        ),
        h2('功能要求'),
        ul(['学生身份认证后发布二手物品', '按分类、价格和关键字搜索', '站内消息议价', '交易完成后互相评价']),
      ),
      attrs: {
        industry: '互联网',
        difficulty: '中级',
        hours: 64,
        positions: ['Java开发工程师', '前端开发工程师', '测试工程师'],
        stages: [
          step('需求与原型', p('调研同学的二手交易需求，完成需求说明书和交互原型。')),
          step('设计与开发', p('前后端分离开发，每周一次迭代评审。')),
          step('测试与答辩', p('完成功能测试和性能测试，进行项目答辩。')),
        ],
        practical: [
          step('任务一：物品发布与搜索', p('实现物品发布（含图片上传）和多条件搜索。')),
          step('任务二：站内议价', p('实现买卖双方的站内消息，支持出价和接受出价。')),
          step('任务三：信用评价', p('交易完成后双方互评，计算用户信用分。')),
        ],
        sample: html(
          h2('优秀作品（样例）'),
          p(
            '2022 级第 3 组作品上线试运行一个月，注册用户 860 人，完成交易 312 笔，获得学院实训优秀项目一等奖。',
          ),
        ),
      },
      cover: true,
    },
  ] satisfies DemoRow<'project'>[],
  news: [
    {
      title: '计算机学院举办 2026 年产教融合实践周',
      summary: '12 家合作企业走进校园，开展技术讲座、项目路演和实习双选会，600 余名学生参加。',
      body: html(
        p(
          '4 月 8 日至 12 日，计算机学院举办 2026 年产教融合实践周。12 家合作企业的工程师走进校园，开展了 9 场技术讲座和 3 场项目路演。',
        ),
        p('实践周期间举行的实习双选会共提供岗位 260 个，600 余名学生参加，初步达成实习意向 140 人。'),
      ),
      attrs: { source: '计算机学院' },
      daysAgo: 4,
      cover: true,
    },
    {
      title: '我校学生在省大学生软件设计大赛中获佳绩',
      summary: '我校 6 支队伍获一等奖 2 项、二等奖 3 项，获奖数量创历史新高。',
      body: html(
        p(
          '在近日结束的省大学生软件设计大赛中，我校 6 支参赛队伍全部获奖，其中一等奖 2 项、二等奖 3 项、三等奖 1 项，获奖数量创历史新高。',
        ),
        p('获奖作品“校园二手交易平台”源自学院软件工程综合实训项目。'),
      ),
      attrs: { source: '教务处' },
      daysAgo: 16,
    },
  ] satisfies DemoRow<'news'>[],
  notice: [
    {
      title: '关于 2025-2026 学年第二学期实践教学安排的通知',
      summary: '本学期综合实训第 9 周开始，请各班按时在平台选择实训项目。',
      body: html(
        p('各学院、各班级：'),
        p(
          '本学期软件工程、计算机科学与技术专业综合实训自第 9 周开始，为期 8 周。请学生在第 8 周周五前登录平台，在“产业项目实训”中选择实训项目并组建小组。',
        ),
        p('实训期间的考勤、周报和答辩均在平台进行。'),
      ),
      attrs: { source: '教务处' },
      daysAgo: 3,
    },
  ] satisfies DemoRow<'notice'>[],
};

/** The school's course system; cells name the school's own courses and product courses by title. */
export const SCHOOL_COURSE_SYSTEM: DemoCourseSystem = {
  title: '软件工程专业课程体系',
  summary: '优加示范大学软件工程专业（2023 版培养方案）前三学年的专业课程。',
  columns: ['专业基础', '专业核心', '专业拓展'],
  rows: [
    {
      title: '第一学年',
      cells: [['软件工程导论', 'Python 程序设计基础'], ['数据结构'], ['HarmonyOS 应用开发基础']],
    },
    { title: '第二学年', cells: [['数据库原理及应用'], ['Java 企业级应用开发'], ['大数据技术原理与应用']] },
    { title: '第三学年', cells: [['机器学习基础'], ['Spark 大数据分析实战'], ['大模型应用开发实践']] },
  ],
};

// ---------------------------------------------------------------------------------------------
// Area site (`Area-demo`, 示范区域)

export const AREA_CONTENT = {
  news: [
    {
      title: '示范区域产教融合平台正式上线',
      summary: '平台汇聚区域内 12 所院校和 40 余家企业的课程、实训与岗位资源，面向区域内师生开放。',
      body: html(
        p(
          '示范区域产教融合平台近日正式上线。平台汇聚了区域内 12 所院校和 40 余家企业的课程、实训项目与实习岗位，区域内的师生使用学校账号即可登录。',
        ),
        p('平台上线首月，已有 3800 名学生参加云端实验，企业发布实习岗位 320 个。'),
      ),
      attrs: { source: '示范区域管委会' },
      daysAgo: 2,
      cover: true,
    },
    {
      title: '区域首批 5 个产业学院揭牌',
      summary: '区域内院校与龙头企业共建软件、大数据、智能制造等 5 个产业学院。',
      body: html(
        p(
          '示范区域首批 5 个产业学院近日揭牌，分别是软件产业学院、大数据产业学院、智能制造产业学院、集成电路产业学院和数字创意产业学院。',
        ),
        p(
          '产业学院将按照“企业出题、学校答题、学生解题”的方式开展人才培养，每年为区域企业输送毕业生 1500 人以上。',
        ),
      ),
      attrs: { source: '示范区域管委会' },
      daysAgo: 11,
    },
  ] satisfies DemoRow<'news'>[],
  notice: [
    {
      title: '关于开展区域 2026 年实习基地认定工作的通知',
      summary: '区域内企业可申报实习基地，认定后可获得实习补贴，申报截止到 5 月 15 日。',
      body: html(
        p(
          '为规范区域实习基地建设，现开展 2026 年实习基地认定工作。年接收实习生 20 人以上、具备指导条件的区域内企业可以申报。',
        ),
        p('认定的实习基地按每名实习生每月 500 元的标准获得实习补贴。请于 5 月 15 日前在平台提交申报材料。'),
      ),
      attrs: { source: '示范区域管委会' },
      daysAgo: 6,
    },
  ] satisfies DemoRow<'notice'>[],
  recruit: [
    {
      title: '示范区域 2026 春季联合招聘会',
      summary: '区域内 60 家企业提供 1200 个岗位，面向区域内院校 2026 届毕业生。',
      body: html(
        p(
          '示范区域 2026 春季联合招聘会将于 4 月 25 日在示范区域会展中心举行，60 家企业提供软件开发、数据分析、机电运维等岗位 1200 个。',
        ),
        p('学生可在平台提前投递简历，现场凭学生证入场。'),
      ),
      attrs: {
        company: '示范区域人才服务中心',
        city: '示范市',
        salary: '面议',
        positions: ['软件开发工程师', '数据分析师', '机电运维技术员'],
        contact: '0571-8860 5000',
      },
      daysAgo: 4,
      deadlineInDays: 18,
    },
    {
      title: '示范区域智造企业冬季实习专场',
      summary: '区域内 15 家智能制造企业的冬季实习专场，已截止。',
      body: html(p('示范区域 15 家智能制造企业冬季实习专场已于 1 月结束，共有 210 名学生获得实习岗位。')),
      attrs: {
        company: '示范区域人才服务中心',
        city: '示范市',
        salary: '180元/天',
        positions: ['设备运维实习生', '质量检测实习生'],
        contact: '0571-8860 5000',
      },
      daysAgo: 90,
      deadlineInDays: -60,
    },
  ] satisfies DemoRow<'recruit'>[],
  page: [
    {
      slug: 'areaHefeixinhuo',
      title: '示范区域薪火计划',
      summary: '示范区域 2026 年薪火计划：400 个名额，学习、实训、实习一体化培养，结业优秀者直通区域企业。',
      body: html(
        h2('计划简介'),
        p(
          '示范区域薪火计划是区域管委会联合区域内院校和企业开展的人才培养计划，2026 年面向区域内院校招收学员 400 名。',
        ),
        h2('培养安排'),
        table(
          ['阶段', '时间', '地点'],
          [
            ['在线学习', '5 月—7 月', '平台在线课程'],
            ['集中实训', '7 月—8 月', '区域软件产业学院实训基地'],
            ['企业实习', '9 月—次年 2 月', '区域合作企业'],
          ],
        ),
        h2('报名方式'),
        p('在平台完成报名和能力测评，区域组织面试后公布入选名单。报名截止到 4 月 30 日。'),
      ),
      attrs: {},
    },
  ] satisfies DemoRow<'page'>[],
};
