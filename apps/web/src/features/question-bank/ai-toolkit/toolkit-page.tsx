import { AuditOutlined, BulbOutlined } from '@ant-design/icons';
import { MSG, toRole } from '@uplus/shared';
import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useStored } from '../../../lib/storage';
import { useToast } from '../../../lib/toast';
import { goToLogin } from '../../sessions/session';
import { AiPanels } from '../ai-generator/ai-panels';
import { aiScene } from '../ai-generator/ai-scene';
import './toolkit-page.css';

/** The route this page hosts the panels on (spec 000 section 2: shown only on their route names). */
const ROUTE_NAMES = ['toolkit'];

const TOOLS = [
  {
    key: 'generator',
    title: 'AI出题',
    description: '描述出题要求，AI生成单选、多选、判断、简答、编程和函数题，可逐题编辑并运行验证编程题。',
    icon: <BulbOutlined />,
    open: () => aiScene.openGenerator({ routeNames: ROUTE_NAMES, variant: 'home', target: null }),
  },
  {
    key: 'judge',
    title: 'AI判题',
    description: '输入题目、参考答案和学生答案，AI给出评分、评语和评判依据，支持主观题和编程题。',
    icon: <AuditOutlined />,
    open: () => aiScene.openJudge({ routeNames: ROUTE_NAMES, variant: 'home' }),
  },
] as const;

/** /ai/toolkit: the two AI tools for teachers, opening their home-page variants. */
export function ToolkitPage() {
  const token = useStored('AccessToken');
  const role = useStored('role');
  const toast = useToast();
  const [askSignIn, setAskSignIn] = useState(false);

  const use = (open: () => void) => {
    if (!token) {
      setAskSignIn(true);
      return;
    }
    if (toRole(role) === 'Student') {
      toast.warning(MSG.studentNoPermission);
      return;
    }
    open();
  };

  return (
    <div className="ai-toolkit">
      <Modal
        open={askSignIn}
        title="请先登录"
        okText="去登录"
        cancelText="取消"
        onOk={() => {
          setAskSignIn(false);
          goToLogin();
        }}
        onCancel={() => setAskSignIn(false)}
      >
        登录教师账号后即可使用AI工具。
      </Modal>
      <header className="ai-toolkit__hero">
        <h1>AI应用</h1>
        <p>面向教师的智能出题与智能判题工具</p>
      </header>
      <div className="ai-toolkit__cards">
        {TOOLS.map((tool) => (
          <article key={tool.key} className="ai-toolkit__card" data-testid={`ai-tool-${tool.key}`}>
            <div className="ai-toolkit__icon" aria-hidden>
              {tool.icon}
            </div>
            <h2>{tool.title}</h2>
            <p>{tool.description}</p>
            <Button type="primary" onClick={() => use(tool.open)}>
              立即使用
            </Button>
          </article>
        ))}
      </div>
      <AiPanels />
    </div>
  );
}
