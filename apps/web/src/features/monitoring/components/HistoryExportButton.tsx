import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown } from 'antd';
import { useState } from 'react';
import { exportFileName } from '../../../components/exportXlsx';
import { dataQueryMessage, type SeriesQuery } from '../api';
import { exportHistory, HISTORY_LAYOUTS, type HistoryLayout } from '../exportHistory';
import type { IndicatorMeta } from '../format';

/**
 * 导出 of 历史数据: a menu of the two layouts (time × indicator first), then every point of the
 * query written to 历史数据-<date>.xlsx, the count of points read shown while it reads.
 */
export function HistoryExportButton({
  query,
  meta,
  gateways,
  disabled,
}: {
  query: SeriesQuery | null;
  meta: Map<string, IndicatorMeta>;
  gateways: Map<number, string>;
  disabled: boolean;
}) {
  const { message } = App.useApp();
  const [exporting, setExporting] = useState<number | null>(null);

  const download = async (layout: HistoryLayout) => {
    if (!query) return;
    setExporting(0);
    try {
      const result = await exportHistory(
        query,
        meta,
        gateways,
        exportFileName('历史数据'),
        layout,
        setExporting,
      );
      if (result.truncated) message.warning(`数据过多，只导出了前 ${result.rows} 条`);
    } catch (error) {
      message.error(dataQueryMessage(error));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Dropdown
      disabled={disabled || exporting !== null}
      trigger={['click']}
      menu={{
        items: (Object.keys(HISTORY_LAYOUTS) as HistoryLayout[]).map((key) => ({
          key,
          label: HISTORY_LAYOUTS[key],
        })),
        onClick: ({ key }) => void download(key as HistoryLayout),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={exporting !== null} disabled={disabled}>
        {exporting !== null ? `导出中（${exporting} 条）` : '导出'}
        {exporting === null && <DownOutlined />}
      </Button>
    </Dropdown>
  );
}
