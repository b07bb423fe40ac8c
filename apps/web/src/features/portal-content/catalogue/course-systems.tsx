import { type CourseSystemMatrix, contentPath } from '@uplus/shared';
import { Link, useSearchParams } from 'react-router';
import { useCourseSystemMatrix } from './api';
import { QueryState } from './parts';

type SystemRow = { id: string; name: string; sort: number };

/**
 * A school's course systems (课程体系): one chosen at a time (`?view=systems&system=`), drawn as its
 * matrix: columns (基础/核心/拓展 …) by rows (学期 …), each cell the courses placed there.
 */
export function CourseSystemsView({ systems }: { systems: SystemRow[] }) {
  const [params] = useSearchParams();
  const asked = params.get('system');
  const current = systems.find((s) => s.id === asked) ?? systems[0];
  const matrix = useCourseSystemMatrix(current?.id);
  if (!current) return null;
  return (
    <section className="catalogue-section" aria-labelledby="course-systems-title">
      <h2 id="course-systems-title" className="catalogue-section__title">
        课程体系
      </h2>
      {systems.length > 1 && (
        <nav className="catalogue-filter" aria-label="选择课程体系">
          <ul>
            {systems.map((s) => (
              <li key={s.id}>
                <Link
                  to={`?view=systems&system=${encodeURIComponent(s.id)}`}
                  className={`catalogue-filter__option${s.id === current.id ? ' is-current' : ''}`}
                  aria-current={s.id === current.id ? 'true' : undefined}
                  replace
                >
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <QueryState
        query={matrix}
        loadingText="正在加载课程体系…"
        isEmpty={(m) => m.rows.length === 0 || m.columns.length === 0}
        empty="该课程体系暂未编排课程"
      >
        {(m) => <MatrixTable name={current.name} matrix={m} />}
      </QueryState>
    </section>
  );
}

/** The matrix as a table: a header row of columns, a header cell per row, the courses as links. */
export function MatrixTable({ name, matrix }: { name: string; matrix: CourseSystemMatrix }) {
  return (
    <div className="course-matrix__scroll">
      <table className="course-matrix" data-testid="course-matrix">
        <caption>{name}</caption>
        <thead>
          <tr>
            <td />
            {matrix.columns.map((column, c) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column titles may repeat; their place is their identity
              <th key={c} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {matrix.rows.map((row, r) => (
            // rows have no id of their own; their titles may repeat
            // biome-ignore lint/suspicious/noArrayIndexKey: the matrix's order is its identity
            <tr key={r}>
              <th scope="row">{row.title}</th>
              {matrix.columns.map((_, c) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell is its column's place in the row
                <td key={c}>
                  <ul>
                    {(row.cells[c] ?? []).map((card) => (
                      <li key={card.id}>
                        <Link to={contentPath(card)}>{card.title}</Link>
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
