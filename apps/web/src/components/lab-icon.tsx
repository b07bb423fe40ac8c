import {
  ApiOutlined,
  CloudServerOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  MobileOutlined,
  RobotOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { LabPlatformKey } from '../lib/routes';

const ICONS: Record<LabPlatformKey, ReactNode> = {
  harmony: <MobileOutlined />,
  accreditation: <SafetyCertificateOutlined />,
  bigdata: <DatabaseOutlined />,
  ai: <RobotOutlined />,
  ic: <ApiOutlined />,
  xinchuang: <CloudServerOutlined />,
  iot: <WifiOutlined />,
  manufacturing: <SettingOutlined />,
  practice: <ExperimentOutlined />,
};

/** The icon of a platform laboratory (decorative: the title says what it is). */
export function LabIcon({ platform }: { platform: LabPlatformKey }) {
  return <span aria-hidden>{ICONS[platform]}</span>;
}
