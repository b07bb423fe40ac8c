import { Alert, Button } from 'antd';

/** A block that could not be loaded, with 重试. */
export function LoadFailed({ what = '数据', onRetry }: { what?: string; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`${what}加载失败`}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}
