import { AI_MODEL_TEST_PROMPT, type AiModel, type AiModelTestResult } from '@iot/contracts/assistant';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { http } from '../../../../api/http';

/**
 * 测试: sends one short prompt through the model (the server waits at most 10 s) and shows its reply,
 * or why it failed, with 重新测试.
 */
export function AiModelTestModal({ model, onClose }: { model: AiModel | null; onClose(): void }) {
  const test = useMutation({
    mutationFn: (id: number) =>
      http.post<AiModelTestResult>(`/iot/aiModels/${id}/test`, undefined, { quiet: true }),
  });
  const { mutate, reset } = test;
  useEffect(() => {
    if (model) mutate(model.id);
    else reset();
  }, [model, mutate, reset]);

  const result = test.data;
  return (
    <Modal
      open={model !== null}
      title={model ? `测试AI模型「${model.name}」` : '测试AI模型'}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="again" disabled={test.isPending} onClick={() => model && mutate(model.id)}>
          重新测试
        </Button>,
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
      ]}
    >
      <Descriptions
        size="small"
        column={1}
        style={{ margin: '16px 0' }}
        items={[
          { key: 'model', label: '模型', children: model?.model },
          { key: 'prompt', label: '测试消息', children: AI_MODEL_TEST_PROMPT },
        ]}
      />
      <div aria-live="polite" data-testid="ai-model-test-result">
        {test.isPending && (
          <Spin tip="正在等待模型回复（至多 10 秒）…">
            <div style={{ height: 72 }} />
          </Spin>
        )}
        {test.isError && (
          <Alert type="error" showIcon message="测试请求失败" description={(test.error as Error).message} />
        )}
        {result?.ok && (
          <Alert
            type="success"
            showIcon
            message={`连接成功，用时 ${elapsed(result.elapsedMs)}`}
            description={
              <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                {result.reply}
              </Typography.Paragraph>
            }
          />
        )}
        {result && !result.ok && (
          <Alert type="error" showIcon message="测试失败" description={result.error} />
        )}
      </div>
    </Modal>
  );
}

function elapsed(ms: number): string {
  return ms < 1000 ? `${ms} 毫秒` : `${(ms / 1000).toFixed(1)} 秒`;
}
