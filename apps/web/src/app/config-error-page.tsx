import { CloudServerOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { StatusPanel } from '../components/status-panel';
import { BareProviders } from './providers';

type Props = { message: string; onRetry: () => Promise<void> };

/** Shown instead of a blank page when the site configuration cannot be loaded. */
export function ConfigErrorPage({ message, onRetry }: Props) {
  const [retrying, setRetrying] = useState(false);
  return (
    <BareProviders>
      <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <StatusPanel
          icon={<CloudServerOutlined className="is-error" />}
          title="站点配置加载失败"
          description={
            <>
              <div>暂时无法获取本站的配置信息，页面无法显示。请检查网络连接后重试。</div>
              <div style={{ marginTop: 8, color: '#646a73' }}>原因：{message}</div>
            </>
          }
          actions={
            <Button
              type="primary"
              loading={retrying}
              onClick={() => {
                setRetrying(true);
                void onRetry().finally(() => setRetrying(false));
              }}
            >
              重新加载
            </Button>
          }
        />
      </main>
    </BareProviders>
  );
}
