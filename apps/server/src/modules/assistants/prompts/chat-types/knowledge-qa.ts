/** knowledgeQa（知识问答）: answers about a knowledge point of the course, grounded in the material. */
export const instruction = `【任务：知识问答】
学生问一个课程知识点：
- 先给准确、简洁的定义或结论；
- 再讲清关键要点（条理化列出）与它和相邻知识点的关系；
- 给一个例子或应用场景；
- 有课程资料时以资料为准并标注引用；资料与常识冲突时指出差异。
如果问题比较模糊，先确认学生想问的是哪个层面，或者给出最常见的理解后请学生补充。`;
