import { Select, Tag } from 'antd';
import { useModeOptions } from '../api';

/** The modes a warning rule is limited to (empty: every mode), from 模式管理. */
export function ModeSelect({
  projectId,
  value,
  onChange,
  id,
}: {
  projectId: number;
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
}) {
  const modes = useModeOptions(projectId);
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      aria-label="生效模式"
      placeholder={modes.isError ? '模式加载失败，请稍后重试' : '全部模式'}
      loading={modes.isLoading}
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
      options={(modes.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
      tagRender={({ label, closable, onClose, value: modeId }) => (
        <Tag
          color={modes.data?.find((m) => m.id === modeId)?.color}
          closable={closable}
          onClose={onClose}
          style={{ marginInlineEnd: 4 }}
        >
          {label}
        </Tag>
      )}
      notFoundContent="还没有模式，可在 模式管理 中新建"
    />
  );
}
