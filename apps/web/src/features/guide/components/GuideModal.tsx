import { BookOutlined } from '@ant-design/icons';
import { zh } from '@iot/contracts';
import { App, Button, Card, Modal, Space, Spin, Steps, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { useGuideShots, useMarkGuideRead } from '../api';
import { type GuidePosition, isLastPage, nextPosition, previousPosition } from '../guideNavigation';
import { GUIDE_STEPS, USER_MANUAL_PATH } from '../guideSteps';
import { GuideShot } from './GuideShot';
import './guide.css';

const OUTLINE = GUIDE_STEPS.map((step) => step.pages.length);

/**
 * 新手引导 (feature-areas §2, §4): a full-screen dialog. Status 0 is the overview of the usage flow
 * (11 steps, each with 详情); status 1 the detail with a stepper, the page's screenshot of our own
 * UI with numbered hints, 上一步 / 下一步, and 完成 on the last page of step 11, which marks the
 * guide read on the server and closes it.
 */
export function GuideModal({ open, onClose, narrow }: { open: boolean; onClose(): void; narrow: boolean }) {
  const { message } = App.useApp();
  const [status, setStatus] = useState<0 | 1>(0);
  const [at, setAt] = useState<GuidePosition>({ step: 0, page: 0 });
  const shots = useGuideShots(open);
  const markRead = useMarkGuideRead();
  const step = GUIDE_STEPS[at.step]!;
  const page = step.pages[at.page]!;
  const stepper = useRef<HTMLDivElement>(null);
  // On a phone the stepper scrolls sideways: keep the current step in sight.
  useEffect(() => {
    if (status !== 1) return;
    stepper.current
      ?.querySelectorAll('.ant-steps-item')
      [at.step]?.scrollIntoView({ inline: 'center', block: 'nearest' });
  }, [at.step, status]);
  const previous = previousPosition(OUTLINE, at);
  const next = nextPosition(OUTLINE, at);

  const close = () => {
    setStatus(0);
    setAt({ step: 0, page: 0 });
    onClose();
  };
  const finish = () =>
    markRead.mutate(undefined, {
      onSuccess: close,
      onError: (error) => message.error(error.message),
    });

  const manualLink = (
    <Typography.Link href={USER_MANUAL_PATH} target="_blank" data-testid="guide-manual-link">
      <BookOutlined /> 用户手册
    </Typography.Link>
  );

  return (
    <Modal
      open={open}
      onCancel={close}
      title="新手引导"
      width="100vw"
      className="guide-modal"
      footer={null}
      destroyOnHidden
      data-testid="guide-modal"
    >
      {status === 0 ? (
        <div data-testid="guide-overview">
          <div className="guide-head">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {zh('usage flow')}
            </Typography.Title>
            {manualLink}
          </div>
          <div className="guide-overview">
            {GUIDE_STEPS.map((item, index) => (
              <Card key={item.title} size="small" className="guide-step-card" data-testid="guide-step">
                <div className="guide-step-number">{index + 1}</div>
                <Typography.Text strong>{item.title}</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: '6px 0 10px', fontSize: 13 }}>
                  {item.summary}
                </Typography.Paragraph>
                <Button
                  size="small"
                  onClick={() => {
                    setAt({ step: index, page: 0 });
                    setStatus(1);
                  }}
                >
                  {zh('details')}
                </Button>
              </Card>
            ))}
          </div>
        </div>
      ) : (
        <div data-testid="guide-detail">
          <div className="guide-steps" ref={stepper}>
            <Steps
              size="small"
              current={at.step}
              labelPlacement="vertical"
              responsive={false}
              onChange={(index) => setAt({ step: index, page: 0 })}
              items={GUIDE_STEPS.map((item) => ({ title: item.title }))}
            />
          </div>
          <div className="guide-head">
            <Typography.Text strong data-testid="guide-position">
              第 {at.step + 1} 步 {step.title}（{at.page + 1}/{step.pages.length}）
            </Typography.Text>
            <Space size="middle">
              {manualLink}
              <Typography.Link onClick={() => setStatus(0)}>返回{zh('usage flow')}</Typography.Link>
            </Space>
          </div>
          {shots.isLoading ? (
            <Spin style={{ display: 'block', margin: '80px auto' }} />
          ) : shots.isError ? (
            <LoadError what="引导图片" error={shots.error} onRetry={shots.refetch} compact />
          ) : (
            <GuideShot page={page} markers={shots.data?.[page.shot]?.markers ?? []} narrow={narrow} />
          )}
          <div className="guide-buttons">
            <Button disabled={!previous} onClick={() => previous && setAt(previous)}>
              上一步
            </Button>
            {isLastPage(OUTLINE, at) ? (
              <Button type="primary" loading={markRead.isPending} onClick={finish}>
                完成
              </Button>
            ) : (
              <Button type="primary" onClick={() => next && setAt(next)}>
                下一步
              </Button>
            )}
          </div>
        </div>
      )}
    </Modal>
  );
}
