import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { useRouteHandle } from '../lib/route-handle';
import './coming-soon.css';

/**
 * The one page shown by routes whose features later issues build: the page's Chinese title and an
 * honest note that it is not available yet.
 */
export function ComingSoonPage() {
  const { route } = useRouteHandle();
  const title = route?.title ?? '页面';
  return (
    <section className="coming-soon" aria-labelledby="coming-soon-title">
      <Result
        icon={<ClockCircleOutlined aria-hidden />}
        title={<h1 id="coming-soon-title">{title}</h1>}
        subTitle="该功能正在建设中，暂未开放，敬请期待。"
        extra={
          <Link to="/home/index">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    </section>
  );
}
