import { PlusOutlined } from '@ant-design/icons';
import {
  INTERNSHIP_UP_TYPE_TITLES,
  INTERNSHIP_UP_TYPES,
  INTERNSHIPS_MSG,
  type InternshipUpType,
  type StudentGroup,
  toInternshipUpType,
  toRole,
} from '@uplus/shared';
import { Button, Modal } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStored } from '../../../lib/storage';
import { STUDENT_PAGE_SIZE, useStudentGroups } from '../api';
import { QueryState, SimplePager } from '../parts';
import { InternshipCard } from './internship-card';
import '../internships.css';

// the dialogs (radio, text area, counters) load when first opened
const JoinInternshipDialog = lazy(async () => ({
  default: (await import('./join-internship-dialog')).JoinInternshipDialog,
}));
const ExitInternshipDialog = lazy(async () => ({
  default: (await import('./exit-internship-dialog')).ExitInternshipDialog,
}));

/**
 * 我的实习 (/workbench/index/internship, spec 2.2, 2.12, 4): tabs 全部 / 进行中 / 已结束 (upType in the
 * address), the group cards, 加入实习 (join by invite code), 退出实习, the not-suitable dialog.
 */
export function MyInternshipsPage() {
  const role = toRole(useStored('role'));
  const [params, setParams] = useSearchParams();
  const upType = toInternshipUpType(params.get('upType'));
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useStudentGroups(upType, page);
  const [joining, setJoining] = useState(false);
  const [joinOpened, setJoinOpened] = useState(false);
  const [exiting, setExiting] = useState<StudentGroup | null>(null);
  const [notSuitable, setNotSuitable] = useState<string | null>(null);

  const toPage = (next: number) => {
    const p = new URLSearchParams(params);
    if (next > 1) p.set('page', String(next));
    else p.delete('page');
    setParams(p);
  };
  // the page shown emptied (its last group exited) while others remain: back to the last page
  const data = list.data;
  useEffect(() => {
    if (!data || data.rows.length > 0 || page <= 1 || data.total === 0) return;
    const p = new URLSearchParams(params);
    p.set('page', String(Math.max(1, Math.ceil(data.total / STUDENT_PAGE_SIZE))));
    setParams(p);
  }, [data, page, params, setParams]);

  if (role === 'Business')
    return (
      <section className="internships-page" aria-labelledby="internships-title">
        <h1 id="internships-title">我的实习</h1>
        <div className="query-state">
          <span>企业用户在企业入口管理实习计划。</span>
          <Link to="/workbench/index/company">前往企业入口</Link>
        </div>
      </section>
    );

  const hrefOf = (tab: InternshipUpType) => (tab === 'all' ? '?' : `?upType=${tab}`);

  return (
    <section className="internships-page" aria-labelledby="internships-title">
      <header className="internships-page__head">
        <h1 id="internships-title">我的实习</h1>
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          onClick={() => {
            setJoinOpened(true);
            setJoining(true);
          }}
          data-testid="join-internship"
        >
          加入实习
        </Button>
      </header>
      <nav aria-label="实习状态">
        <ul className="internship-tabs">
          {INTERNSHIP_UP_TYPES.map((tab) => (
            <li key={tab}>
              <Link
                to={hrefOf(tab)}
                aria-current={tab === upType ? 'page' : undefined}
                data-testid={`internship-tab-${tab}`}
              >
                {INTERNSHIP_UP_TYPE_TITLES[tab]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <QueryState
        query={list}
        loadingText="正在加载实习…"
        isEmpty={(d) => d.rows.length === 0}
        empty={
          <span>
            {INTERNSHIPS_MSG.empty}
            {upType !== 'finished' && '，可通过企业提供的邀请码加入实习'}
          </span>
        }
      >
        {(d) => (
          <>
            <ul className="internship-list" aria-label="实习列表" aria-busy={list.isFetching}>
              {d.rows.map((group) => (
                <li key={`${group.id}-${group.internshipMembers[0]?.id ?? ''}`}>
                  <InternshipCard group={group} onExit={setExiting} onNotSuitable={setNotSuitable} />
                </li>
              ))}
            </ul>
            <SimplePager
              page={page}
              pageSize={STUDENT_PAGE_SIZE}
              total={d.total}
              label="实习分页"
              onChange={toPage}
            />
          </>
        )}
      </QueryState>
      <Suspense fallback={null}>
        {joinOpened && <JoinInternshipDialog open={joining} onClose={() => setJoining(false)} />}
        {exiting && <ExitInternshipDialog group={exiting} onClose={() => setExiting(null)} />}
      </Suspense>
      <Modal
        open={notSuitable !== null}
        title={INTERNSHIPS_MSG.notSuitableTitle}
        onCancel={() => setNotSuitable(null)}
        footer={
          <Button type="primary" onClick={() => setNotSuitable(null)}>
            我知道了
          </Button>
        }
        destroyOnHidden
      >
        <p data-testid="not-suitable-text">{notSuitable}</p>
      </Modal>
    </section>
  );
}
