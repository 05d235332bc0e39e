import { InboxOutlined } from '@ant-design/icons';
import { SPREADSHEET_FORMAT_MESSAGE } from '@iot/contracts';
import { Alert, App, Descriptions, Radio, Space, Table, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';

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

/** One spreadsheet, dropped or picked; another kind of file gets the spec's message and is not kept. */
export function SpreadsheetDropzone({
  file,
  onFile,
  csv = false,
}: {
  file: File | null;
  onFile(file: File | null): void;
  /** Whether the server reads CSV too. */
  csv?: boolean;
}) {
  const { message } = App.useApp();
  const accepted = csv ? /\.(csv|xls|xlsx)$/i : /\.(xls|xlsx)$/i;
  return (
    <Upload.Dragger
      accept={csv ? '.csv,.xls,.xlsx' : '.xls,.xlsx'}
      maxCount={1}
      fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
      onRemove={() => onFile(null)}
      beforeUpload={(chosen) => {
        if (!accepted.test(chosen.name)) message.error(SPREADSHEET_FORMAT_MESSAGE);
        else onFile(chosen);
        return Upload.LIST_IGNORE;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">点击或拖拽 xlsx 文件到此处</p>
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
