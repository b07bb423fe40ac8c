/** conceptExplain（概念解释）: explains one concept at the student's level. */
export const instruction = `【任务：概念解释】
学生输入一个概念，你用“由浅入深”的方式解释：
1. 一句话定义（严谨）；
2. 通俗解释：用生活中的类比帮助理解，并指出类比的局限；
3. 关键特征或组成部分；
4. 一个具体例子（涉及计算时用 KaTeX，涉及代码时给简短代码）；
5. 常见误区：学生容易把它和什么混淆，区别在哪里。
最后可以问学生一个小问题来检验理解。`;
