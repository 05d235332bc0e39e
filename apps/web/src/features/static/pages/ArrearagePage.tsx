import { type PayStatus, type ProjectSettings, SUSPENDED_PAY_STATUSES } from '@iot/contracts/projects';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, type ResultProps, Space, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { http } from '../../../api/http';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSystemInfo } from '../../../platform/queries';
import { useSession } from '../../../platform/session';
import { openPurchase, PurchaseHost } from '../../purchases/index';

interface Advice {
  label: string;
  color: string;
  status: ResultProps['status'];
  title: string;
  todo: string;
}

/** What each payStatus means (spec core §4) and what to do about it. */
const ADVICE: Record<PayStatus, Advice> = {
  A: { label: '正常', color: 'success', status: 'success', title: '项目状态正常', todo: '项目可正常使用。' },
  B: {
    label: '即将欠费',
    color: 'gold',
    status: 'info',
    title: '项目即将欠费',
    todo: '为避免停机，请尽快联系平台运营方续费。',
  },
  C: {
    label: '已欠费',
    color: 'orange',
    status: 'warning',
    title: '项目已欠费',
    todo: '请尽快联系平台运营方续费，逾期将被停机。',
  },
  D: {
    label: '欠费停机',
    color: 'error',
    status: 'error',
    title: '项目因欠费已停机',
    todo: '已存数据与设备照常保留，暂停使用期间不能新增监测项。续费套餐并确认收款后项目即恢复使用。',
  },
  E: {
    label: '断卡停机',
    color: 'volcano',
    status: 'error',
    title: '项目因物联网卡断卡已停机',
    todo: '项目所用的物联网卡已断卡，请联系平台运营方为物联网卡续费或复机。',
  },
  F: {
    label: '合同终止',
    color: 'default',
    status: 'warning',
    title: '项目合同已终止',
    todo: '该项目的服务合同已终止，如需继续使用，请联系平台运营方重新签约。',
  },
};

/** States a renewal ends: the set meal's (B, C, D); E and F are settled by the platform's operator. */
const RENEWABLE: PayStatus[] = ['B', 'C', 'D'];

const GENERIC =
  '该项目因欠费停机、物联网卡断卡停机或合同终止，已暂停服务。请登录后查看项目的具体状态，或联系平台运营方续费。';

/** Public 欠费项目 page (route arrearageProjectPage, param groupId): why a project is suspended. */
export function ArrearagePage() {
  const { groupId } = useParams();
  const session = useSession();
  const { data: system } = useSystemInfo();
  const id = Number(groupId);
  const valid = Number.isInteger(id) && id > 0;
  const project = useQuery({
    queryKey: ['arrearageProject', session?.userId, id],
    queryFn: () =>
      http.get<ProjectSettings>('/iot/projects/getProjectByGroupId', {
        params: { groupId: id },
        quiet: true,
      }),
    enabled: session !== null && valid,
    retry: false,
  });
  const systemName = system?.systemName ?? '物联网监测运维平台';
  useDocumentTitle(
    session && project.data
      ? `${project.data.name} · ${ADVICE[project.data.payStatus].label} - ${systemName}`
      : `项目已暂停服务 - ${systemName}`,
  );

  let content: ReactNode;
  if (session && valid && project.isLoading) {
    content = <Spin size="large" style={{ display: 'block', margin: '48px auto' }} />;
  } else if (session && project.data) {
    const settings = project.data;
    const advice = ADVICE[settings.payStatus];
    const end = settings.setMealEndAt === null ? null : dayjs(settings.setMealEndAt);
    const endAt = end
      ? `${end.format('YYYY-MM-DD')}${end.isBefore(dayjs(), 'day') ? '（已到期）' : ''}`
      : '未设置';
    content = (
      <Result
        status={advice.status}
        title={
          <span data-testid="arrearage-title">{`「${settings.name}」${advice.title.replace(/^项目/, '')}`}</span>
        }
        subTitle={advice.todo}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Link to="/projects">
              <Button type="primary">返回我的项目</Button>
            </Link>
            {RENEWABLE.includes(settings.payStatus) && (
              // The purchase dialog of 资源概览 (decision 0068); the server checks the buyer's bit.
              <Button
                data-testid="arrearage-renew"
                onClick={() => openPurchase({ groupId: settings.id, orderType: 'GATEWAY_INDICATOR_RENEW' })}
              >
                立即续费
              </Button>
            )}
            {!SUSPENDED_PAY_STATUSES.includes(settings.payStatus) && (
              <Link to={`/project/${settings.id}/index/projectHD/hd`}>
                <Button>进入项目</Button>
              </Link>
            )}
          </Space>
        }
      >
        <Space orientation="vertical" size="small">
          <Typography.Text>
            项目：<Typography.Text strong>{settings.name}</Typography.Text>
          </Typography.Text>
          <Typography.Text>
            状态：
            <Tag color={advice.color}>{advice.label}</Tag>
          </Typography.Text>
          <Typography.Text>套餐到期日：{endAt}</Typography.Text>
        </Space>
      </Result>
    );
  } else {
    content = (
      <Result
        status="warning"
        title="项目已暂停服务"
        subTitle={
          session && project.isError
            ? `无法读取项目状态：${project.error.message.replace(/[。！!.]$/, '')}。${GENERIC}`
            : GENERIC
        }
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Link to={`/login?redirect=${encodeURIComponent(`/arrearageProjectPage/${groupId ?? ''}`)}`}>
              <Button type={session ? 'default' : 'primary'}>登录</Button>
            </Link>
            {session && (
              <Link to="/projects">
                <Button type="primary">返回我的项目</Button>
              </Link>
            )}
          </Space>
        }
      />
    );
  }

  return (
    <div className="centered-page">
      <Card style={{ width: 640, maxWidth: '100%' }}>{content}</Card>
      <PurchaseHost />
    </div>
  );
}
