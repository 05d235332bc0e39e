import { DownloadOutlined, FileExcelOutlined, HomeOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Select, Space, Table, Typography, Upload } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { type ColumnMapping, convert, guessMapping, type SourceRow, TARGET_FIELDS } from './convertPoints';
import { readSheet } from './readSheet';
import '../manuals/manual.css';

const TYPE_LABELS: Record<string, string> = {
  float: '浮点数',
  double: '双精度',
  int: '整数',
  bool: '布尔',
  text: '文本',
  enum: '枚举',
};
const ACCESS_LABELS: Record<string, string> = { r: '只读', w: '只写', rw: '读写' };

/**
 * /excelConvert (platform-core §2): another system's point list (.xlsx) becomes the thing model
 * JSON that 导入物模型 takes, with the columns mapped by hand where the guess is wrong. All of it
 * happens in the browser; nothing is uploaded.
 */
export function ExcelConvertPage() {
  useDocumentTitle('表格转换工具');
  const { message } = App.useApp();
  const [sheet, setSheet] = useState<{ name: string; headers: string[]; rows: SourceRow[] }>();
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [reading, setReading] = useState(false);
  const result = useMemo(() => (sheet ? convert(sheet.rows, mapping) : undefined), [sheet, mapping]);
  const missing = TARGET_FIELDS.filter((f) => f.required && !mapping[f.key]);

  const read = async (file: File) => {
    setReading(true);
    try {
      const { headers, rows } = await readSheet(file);
      if (headers.length === 0) throw new Error('表格是空的');
      setSheet({ name: file.name, headers, rows });
      setMapping(guessMapping(headers));
    } catch (error) {
      message.error(`无法读取表格：${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setReading(false);
    }
  };

  const download = () => {
    if (!result) return;
    const blob = new Blob([JSON.stringify({ properties: result.properties }, null, 2)], {
      type: 'application/json',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `${sheet?.name.replace(/\.xlsx$/i, '') ?? '点位表'}-物模型.json`;
    link.click();
    URL.revokeObjectURL(link.href);
  };

  return (
    <div className="centered-page" style={{ alignItems: 'flex-start' }}>
      <Card
        title="表格转换工具"
        extra={
          <Link to="/index">
            <Button size="small" icon={<HomeOutlined />}>
              返回首页
            </Button>
          </Link>
        }
        style={{ width: '100%', maxWidth: 1100, margin: '24px auto' }}
        data-testid="excel-convert"
      >
        <Typography.Paragraph type="secondary">
          把其他系统导出的点位表（.xlsx，第一行为表头，每行一个点位）转换成平台的物模型 JSON，再到「设备接入 →
          指标配置 →
          接入配置」选择网关，在「网关指标」中点击「导入物模型」。转换在浏览器中完成，表格不会上传。
        </Typography.Paragraph>
        <Upload
          accept=".xlsx"
          showUploadList={false}
          beforeUpload={(file) => {
            void read(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button type="primary" icon={<FileExcelOutlined />} loading={reading}>
            选择点位表
          </Button>
        </Upload>
        {sheet && (
          <Typography.Text style={{ marginLeft: 12 }}>
            {sheet.name}：{sheet.rows.length} 行
          </Typography.Text>
        )}
        {sheet && result && (
          <>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              列对应
            </Typography.Title>
            <Form layout="vertical">
              <div className="excel-convert-mapping">
                {TARGET_FIELDS.map((field) => (
                  <Form.Item key={field.key} label={field.label} required={field.required}>
                    <Select
                      aria-label={field.label}
                      allowClear
                      placeholder="不转换"
                      value={mapping[field.key]}
                      options={sheet.headers.map((h) => ({ value: h, label: h }))}
                      onChange={(header?: string) =>
                        setMapping((m) => {
                          const next = { ...m };
                          if (header === undefined) delete next[field.key];
                          else next[field.key] = header;
                          return next;
                        })
                      }
                    />
                  </Form.Item>
                ))}
              </div>
            </Form>
            {missing.length > 0 ? (
              <Alert
                type="warning"
                showIcon
                title={`请选择「${missing.map((f) => f.label).join('」「')}」对应的列`}
              />
            ) : (
              <>
                <Space wrap style={{ margin: '8px 0 12px' }}>
                  <Typography.Text data-testid="convert-summary">
                    可转换 {result.properties.length} 个点位
                    {result.problems.length > 0 && `，${result.problems.length} 行未转换`}
                  </Typography.Text>
                  <Button
                    icon={<DownloadOutlined />}
                    disabled={result.properties.length === 0}
                    onClick={download}
                  >
                    下载物模型 JSON
                  </Button>
                </Space>
                {result.problems.length > 0 && (
                  <Alert
                    type="warning"
                    style={{ marginBottom: 12 }}
                    title="以下行未转换"
                    description={
                      <ul style={{ margin: 0, paddingLeft: 18 }}>
                        {result.problems.slice(0, 20).map((p) => (
                          <li key={p.row}>
                            第 {p.row} 行：{p.message}
                          </li>
                        ))}
                      </ul>
                    }
                  />
                )}
                <Table
                  size="small"
                  rowKey="identifier"
                  scroll={{ x: 'max-content' }}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  dataSource={result.properties}
                  columns={[
                    { title: '指标名称', dataIndex: 'name' },
                    { title: '数据标识', dataIndex: 'identifier' },
                    { title: '类型', render: (_, p) => TYPE_LABELS[p.dataType.type] },
                    { title: '单位', render: (_, p) => p.dataType.specs.unit ?? '—' },
                    { title: '精度', render: (_, p) => p.dataType.specs.step ?? '—' },
                    { title: '读写', render: (_, p) => ACCESS_LABELS[p.accessMode] },
                  ]}
                />
              </>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
