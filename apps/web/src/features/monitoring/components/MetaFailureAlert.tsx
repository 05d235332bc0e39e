import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { MetaFailure } from '../api';

/**
 * The indicators' units, decimals and labels failed to load: until 重试 succeeds the values below are
 * raw (`46.02291666666667`, `1` for 自动). Said above them, so that a raw value is never taken for
 * the indicator's reading as configured (issue 11, items 1 and 6).
 */
export function MetaFailureAlert({ failure }: { failure: MetaFailure | null }) {
  if (!failure) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      data-testid="load-error"
      style={{ marginBottom: 12 }}
      title={`指标信息加载失败：${failure.error?.message || '网络异常，请稍后再试'}`}
      description="单位、小数位和状态文字暂缺，数值按原始值显示。"
      action={
        <Button
          size="small"
          icon={<ReloadOutlined />}
          onClick={() => failure.retry()}
          data-testid="load-retry"
        >
          重试
        </Button>
      }
    />
  );
}
