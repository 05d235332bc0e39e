import {
  GROUP_IMPORT_COLUMNS,
  GROUP_IMPORT_RULES,
  type GroupImportReport,
  type GroupImportRule,
} from '@iot/contracts/groups';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/http';
import {
  ImportReportView,
  ImportRuleField,
  type ImportTemplate,
  SpreadsheetDropzone,
  TemplateDownload,
} from '../../../components/SpreadsheetImport';
import { groupsApi, useRefreshGroups } from '../api';

const RULE_HELP: Record<GroupImportRule, string> = {
  skip: '同一上级下已有同名分组的行不做改动',
  overwrite: '同一上级下已有同名分组的，按表格更新站点类型与监测点',
};

/** 下载模板: the headers (名称 required) and an area with a site under it. */
const TEMPLATE: ImportTemplate = {
  fileName: '分组导入模板',
  sheetName: '分组',
  headers: GROUP_IMPORT_COLUMNS.map((header) => (header === '名称' ? `*${header}` : header)),
  examples: [
    ['污泥处理区', '', '区域', '', '否'],
    ['脱水机房', '污泥处理区', '站点', '集装箱型', '是'],
  ],
};

/** Imports areas and sites from a .csv, .xls or .xlsx sheet (server side, row by row), then reports what happened. */
export function GroupImportModal({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose(): void;
}) {
  const [rule, setRule] = useState<GroupImportRule>('skip');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<GroupImportReport | null>(null);
  const { message } = App.useApp();
  const refresh = useRefreshGroups();

  useEffect(() => {
    if (open) {
      setFile(null);
      setReport(null);
      setRule('skip');
    }
  }, [open]);

  const upload = useMutation({
    mutationFn: () => groupsApi.import(groupId, file!, rule),
    onSuccess: (answer) => {
      setReport(answer);
      void refresh();
    },
    onError: (error) => message.error(error instanceof ApiError ? error.message : '导入失败'),
  });

  return (
    <Modal
      open={open}
      title="导入区域与站点"
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        report ? (
          <Button type="primary" onClick={onClose}>
            完成
          </Button>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button
              type="primary"
              loading={upload.isPending}
              onClick={() => (file ? upload.mutate() : message.warning('请选择要导入的文件'))}
            >
              开始导入
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <ImportResult report={report} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            表头：名称*、上级、类型、站点类型、监测点。上级写从项目起的路径（如“进水区/一期”），留空为项目下第一级；类型填“区域”或“站点”；站点类型填“M-A型”或“集装箱型”；监测点填“是”或“否”。按表中顺序逐行导入，后面的行可以以前面新建的分组为上级。
          </Typography.Text>
          <TemplateDownload template={TEMPLATE} />
          <ImportRuleField
            label="同名分组的处理规则"
            rules={GROUP_IMPORT_RULES}
            help={RULE_HELP}
            value={rule}
            onChange={setRule}
          />
          <SpreadsheetDropzone file={file} onFile={setFile} />
        </Space>
      )}
    </Modal>
  );
}

function ImportResult({ report }: { report: GroupImportReport }) {
  return (
    <ImportReportView
      counts={[
        ['新建', report.created],
        ['更新', report.updated],
        ['跳过', report.skipped],
      ]}
      errors={report.errors}
    />
  );
}
