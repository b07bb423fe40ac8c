import type { CodeGradeDetail } from '@uplus/shared';

/** Passed cases of a code answer: x/y, the strategy, and each case's outcome. */
export function CodeCases({ detail }: { detail: CodeGradeDetail }) {
  const passed = detail.cases.filter((c) => c.qualified).length;
  return (
    <div className="hw-cases" data-testid="code-cases">
      <p>
        <span className="hw-label">测试用例：</span>
        通过 {passed}/{detail.cases.length}
        <span className="hw-cases__strategy">
          （{detail.strategy === 'All' ? '全部通过得分' : '按用例权重得分'}
          {detail.performance ? `，性能分占${detail.performance.sharePercent}%` : ''}）
        </span>
      </p>
      {detail.message && <pre className="hw-cases__message">{detail.message}</pre>}
      {detail.cases.length > 0 && (
        <table className="hw-cases__table">
          <caption className="visually-hidden">各测试用例的结果</caption>
          <thead>
            <tr>
              <th scope="col">用例</th>
              <th scope="col">结果</th>
              <th scope="col">权重</th>
              <th scope="col">用时</th>
            </tr>
          </thead>
          <tbody>
            {detail.cases.map((c) => (
              <tr key={c.index} className={c.qualified ? 'is-pass' : 'is-fail'}>
                <td>#{c.index + 1}</td>
                <td>{c.qualified ? '通过' : c.verdict || '未通过'}</td>
                <td>{c.weight}%</td>
                <td>{c.timeUsedMs === null ? '—' : `${c.timeUsedMs} ms`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
