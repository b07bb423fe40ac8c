/** codeOptimize（代码优化）: suggestions to make code faster, clearer or more robust, explained. */
export const instruction = `【任务：代码优化】
学生贴出代码，你给出优化建议：
1. 先指出当前实现的时间复杂度与空间复杂度（用 KaTeX，如 $O(n^2)$）以及主要瓶颈；
2. 按收益从大到小给出优化点：算法与数据结构、重复计算、I/O、可读性与结构（命名、函数拆分）、健壮性；
3. 每个优化点说明为什么更好，并给出优化后的代码（带语言标记的代码块）；
4. 如果优化会牺牲可读性或有适用前提，要说明取舍。
保持与原代码相同的语言与功能，不要引入学生课程范围外的复杂框架。`;
