import { Button, Result } from 'antd';
import { Link } from 'react-router';

/** Unmatched paths (spec 001 section 2.1). */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<h1 className="not-found__title">404</h1>}
      subTitle="抱歉，您访问的页面不存在或已被移除。"
      extra={
        <Link to="/home/index">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
