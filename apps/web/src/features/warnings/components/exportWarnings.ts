import { HandleStatusLabels, RuleKindLabels, WarningLevelLabels } from '@iot/contracts/warnings';
import { exportFileName, exportXlsx, fetchAllPages } from '../../../components/exportXlsx';
import { fetchWarnings, type WarningFilter } from '../api';
import { formatDuration, formatTime, indicatorText, warningDuration } from './format';

/** Every warning matching the list's conditions, read 1000 a page, written to 预警列表-<date>.xlsx; answers how many. */
export async function exportWarnings(groupId: number, filter: WarningFilter): Promise<number> {
  const warnings = await fetchAllPages((page, size) => fetchWarnings(groupId, { ...filter, page, size }));
  const now = Date.now();
  await exportXlsx(
    [
      { header: '网关', key: 'gateway', width: 22 },
      { header: '指标', key: 'indicator', width: 24 },
      { header: '级别', key: 'level', width: 14 },
      { header: '规则类型', key: 'kind', width: 12 },
      { header: '触发值', key: 'value', width: 12 },
      { header: '阈值', key: 'threshold', width: 18 },
      { header: '开始时间', key: 'startedAt', width: 20 },
      { header: '解除时间', key: 'releasedAt', width: 20 },
      { header: '解除值', key: 'releaseValue', width: 12 },
      { header: '持续时长', key: 'duration', width: 14 },
      { header: '处理状态', key: 'handleStatus', width: 10 },
      { header: '处理人', key: 'handledBy', width: 14 },
      { header: '处理时间', key: 'handledAt', width: 20 },
    ],
    warnings.map((w) => ({
      gateway: w.gatewayAlias,
      indicator: indicatorText(w),
      level: WarningLevelLabels[w.level] ?? String(w.level),
      kind: RuleKindLabels[w.kind],
      value: w.value,
      threshold: w.threshold,
      startedAt: formatTime(w.startedAt),
      releasedAt: w.releasedAt === null ? '预警中' : formatTime(w.releasedAt),
      releaseValue: w.releaseValue,
      duration: formatDuration(warningDuration(w, now)),
      handleStatus: HandleStatusLabels[w.handleStatus],
      handledBy: w.handledBy,
      handledAt: w.handledAt === null ? '' : formatTime(w.handledAt),
    })),
    exportFileName('预警列表'),
    '预警列表',
  );
  return warnings.length;
}
