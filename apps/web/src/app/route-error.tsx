import { WarningOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRouteError } from 'react-router';
import { StatusPanel } from '../components/status-panel';
import { browser } from '../lib/browser';

/** Shown when a page fails to load (for example a page file missing after an update). */
export function RouteError() {
  const error = useRouteError();
  if (error) console.error(error);
  return (
    <StatusPanel
      icon={<WarningOutlined className="is-error" />}
      title="页面加载失败"
      description="可能是网络不稳定或网站刚刚更新，请刷新后重试。"
      actions={
        <Button type="primary" onClick={() => browser.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
