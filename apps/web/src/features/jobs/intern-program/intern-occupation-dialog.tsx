import { salaryText } from '@uplus/shared';
import { Modal, Tag } from 'antd';
import { LocationMap } from '../../../components/map/location-map';
import { useInternOccupation } from '../api';
import { skillsOf } from '../job-detail/job-detail-panel';

/** 岗位详情: an internship position's terms, description and place with the map (spec 2 dialogs). */
export function InternOccupationDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useInternOccupation(id);
  const o = detail.data;
  return (
    <Modal open={!!id} title="岗位详情" width={720} footer={null} onCancel={onClose} destroyOnHidden>
      {detail.isPending ? (
        <div role="status">正在加载…</div>
      ) : detail.isError || !o ? (
        <div role="alert">
          岗位加载失败
          <button type="button" className="job-link-button" onClick={() => void detail.refetch()}>
            重试
          </button>
        </div>
      ) : (
        <div data-testid="intern-occupation-detail">
          <div className="job-detail__title-row">
            <h2 className="job-detail__name">{o.name}</h2>
            <span className="job-detail__salary">{salaryText(o.minSalary, o.maxSalary)}</span>
          </div>
          <ul className="job-detail__facts">
            {o.cityName && <li>{o.cityName}</li>}
            {o.degreeTitle && <li>{o.degreeTitle}</li>}
          </ul>
          {skillsOf(o.skills).length > 0 && (
            <div className="job-detail__skills">
              {skillsOf(o.skills).map((s) => (
                <Tag key={s}>{s}</Tag>
              ))}
            </div>
          )}
          <h3>岗位描述</h3>
          <div className="job-detail__description">{o.description || '暂无描述'}</div>
          {o.address && (
            <>
              <h3>工作地址</h3>
              <LocationMap
                location={o.location}
                address={
                  [...new Set([o.provinceName, o.cityName, o.areaName].filter(Boolean))].join('') + o.address
                }
                height={220}
                title={o.name}
              />
            </>
          )}
        </div>
      )}
    </Modal>
  );
}
