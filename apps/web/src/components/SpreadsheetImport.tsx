import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { SPREADSHEET_FILE_NAME, SPREADSHEET_FORMAT_MESSAGE } from '@iot/contracts';
import { Alert, App, Button, Descriptions, Radio, Space, Table, Typography, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { exportXlsx } from './exportXlsx';

/** The sheet an import dialog offers as its 下载模板: its headers and example rows. */
export interface ImportTemplate {
  /** File name without .xlsx, e.g. 网关导入模板. */
  fileName: string;
  sheetName: string;
  /** Header texts as the import reads them (a leading or trailing * marks a required column). */
  headers: string[];
  /** Example rows, one value per header. */
  examples: string[][];
}

/** 下载模板: an xlsx with the import's headers and example rows, built in the browser. */
export function TemplateDownload({ template }: { template: ImportTemplate }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await exportXlsx(
        template.headers.map((header, i) => ({ header, key: String(i), width: 18 })),
        template.examples.map((row) => Object.fromEntries(row.map((value, i) => [String(i), value]))),
        template.fileName,
        template.sheetName,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()}>
      下载模板
    </Button>
  );
}

/** The rule for rows that already exist, each with a line saying what it does. */
export function ImportRuleField<Rule extends string>({
  label,
  rules,
  help,
  value,
  onChange,
}: {
  label: string;
  rules: Record<Rule, string>;
  help: Record<Rule, string>;
  value: Rule;
  onChange(rule: Rule): void;
}) {
  return (
    <div>
      <div style={{ marginBottom: 8 }}>{label}</div>
      <Radio.Group value={value} onChange={(event) => onChange(event.target.value as Rule)}>
        <Space direction="vertical">
          {(Object.keys(rules) as Rule[]).map((key) => (
            <Radio key={key} value={key}>
              {rules[key]}
              <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
                {help[key]}
              </Typography.Text>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </div>
  );
}

/**
 * One spreadsheet (.csv, .xls or .xlsx — the server reads all three, spec core §5), dropped or
 * picked; another kind of file gets the spec's message and is not kept.
 */
export function SpreadsheetDropzone({
  file,
  onFile,
}: {
  file: File | null;
  onFile(file: File | null): void;
}) {
  const { message } = App.useApp();
  return (
    <Upload.Dragger
      accept=".csv,.xls,.xlsx"
      maxCount={1}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      onRemove={() => onFile(null)}
      beforeUpload={(chosen) => {
        if (!SPREADSHEET_FILE_NAME.test(chosen.name)) message.error(SPREADSHEET_FORMAT_MESSAGE);
        else onFile(chosen);
        return Upload.LIST_IGNORE;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">点击或拖拽 .csv、.xls 或 .xlsx 文件到此处</p>
      <p className="ant-upload-hint">表头中的 * 与“必填”标记会被忽略</p>
    </Upload.Dragger>
  );
}

/** What an import did: the counts, then every row left out with its reason; `children` adds more. */
export function ImportReportView({
  counts,
  errors,
  children,
}: {
  counts: [label: string, count: number][];
  errors: { row: number; message: string }[];
  children?: ReactNode;
}) {
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="import-report">
      <Alert
        type={errors.length ? 'warning' : 'success'}
        showIcon
        title={errors.length ? `导入完成，${errors.length} 行未导入` : '导入完成'}
      />
      <Descriptions column={counts.length} bordered size="small">
        {counts.map(([label, count]) => (
          <Descriptions.Item key={label} label={label}>
            {count}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {errors.length > 0 && (
        <Table
          size="small"
          rowKey="row"
          pagination={false}
          scroll={{ y: 200 }}
          dataSource={errors}
          columns={[
            { title: '行号', dataIndex: 'row', width: 80 },
            { title: '原因', dataIndex: 'message' },
          ]}
        />
      )}
      {children}
    </Space>
  );
}
