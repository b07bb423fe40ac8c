import { AuditOutlined, BulbOutlined } from '@ant-design/icons';
import { Button } from 'antd';

/** The AI出题 button of a page that hosts the common generator. */
export function AiGenerateButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  return (
    <Button type="primary" icon={<BulbOutlined />} onClick={onClick} data-testid={testId}>
      AI出题
    </Button>
  );
}

/** The AI判题 button of one question; `label` names the question for screen readers. */
export function AiJudgeButton({
  onClick,
  label,
  testId,
}: {
  onClick: () => void;
  label: string;
  testId: string;
}) {
  return (
    <Button
      size="small"
      icon={<AuditOutlined />}
      onClick={onClick}
      aria-label={`AI判题：${label}`}
      data-testid={testId}
    >
      AI判题
    </Button>
  );
}
