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
import { useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useStored } from '../../../lib/storage';
import { ListState, Pager, useBackToLastPage } from '../../courses/course-parts';
import { STUDENT_PAGE_SIZE, useStudentGroups } from '../api';
import { ExitInternshipDialog } from './exit-internship-dialog';
import { InternshipCard } from './internship-card';
import { JoinInternshipDialog } from './join-internship-dialog';
import '../internships.css';
import '../../courses/courses.css';

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
  const [exiting, setExiting] = useState<StudentGroup | null>(null);
  const [notSuitable, setNotSuitable] = useState<string | null>(null);
  const toPage = useCallback(
    (next: number) => {
      const p = new URLSearchParams(params);
      if (next > 1) p.set('page', String(next));
      else p.delete('page');
      setParams(p);
    },
    [params, setParams],
  );
  useBackToLastPage(list.data, page, STUDENT_PAGE_SIZE, toPage);

  if (role === 'Business')
    return (
      <section className="internships-page" aria-labelledby="internships-title">
        <h1 id="internships-title">我的实习</h1>
        <div className="courses-state">
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
          onClick={() => setJoining(true)}
          data-testid="join-internship"
        >
          加入实习
        </Button>
      </header>
      <nav aria-label="实习状态">
        <ul className="courses-tabs">
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
      <ListState
        query={list}
        loadingText="正在加载实习…"
        isEmpty={(data) => data.rows.length === 0}
        empty={
          <span>
            {INTERNSHIPS_MSG.empty}
            {upType !== 'finished' && '，可通过企业提供的邀请码加入实习'}
          </span>
        }
      >
        {(data) => (
          <>
            <ul className="internship-list" aria-label="实习列表" aria-busy={list.isFetching}>
              {data.rows.map((group) => (
                <li key={`${group.id}-${group.internshipMembers[0]?.id ?? ''}`}>
                  <InternshipCard group={group} onExit={setExiting} onNotSuitable={setNotSuitable} />
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={STUDENT_PAGE_SIZE}
              total={data.total}
              label="实习分页"
              onChange={toPage}
            />
          </>
        )}
      </ListState>
      <JoinInternshipDialog open={joining} onClose={() => setJoining(false)} />
      <ExitInternshipDialog group={exiting} onClose={() => setExiting(null)} />
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
