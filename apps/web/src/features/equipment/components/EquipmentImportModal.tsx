import {
  EQUIPMENT_COLUMNS,
  EQUIPMENT_IMPORT_RULES,
  type EquipmentImportReport,
  type EquipmentImportRule,
} from '@iot/contracts/equipment';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { equipmentApi, equipmentKeys } from '../api';

const RULE_HELP: Record<EquipmentImportRule, string> = {
  overwrite: '编码已有的设备按表格更新（绑定指标与附件不变）',
  skip: '编码已有的行不做改动',
  replace: '先删除本项目的全部设备，再按表格新建',
};

/** 下载模板: the ledger's columns (名称 and 编码 required) with two example rows. */
const TEMPLATE: ImportTemplate = {
  fileName: '设备台账导入模板',
  sheetName: '设备台账',
  headers: EQUIPMENT_COLUMNS.map((h) => (h === '名称' || h === '编码' ? `*${h}` : h)),
  examples: [
    [
      '1号提升泵',
      'P-001',
      '泵',
      'WQ300-15-22',
      '南方泵业',
      'NF22-30011',
      '进水区/进水泵房',
      '2022-09-01',
      '2025-09-01',
      '900',
      'm³/h',
      '',
      '正常',
      '',
    ],
    [
      '1号鼓风机',
      'B-001',
      '风机',
      'MBL-150',
      '磁谷科技',
      '',
      '生化处理区/AAO生化池',
      '2023-03-12',
      '',
      '150',
      'kW',
      '',
      '检修中',
      '',
    ],
  ],
};

/** Imports the ledger from a sheet with one of the three rules of spec core §3, then reports each row left out. */
export function EquipmentImportModal({
  projectId,
  open,
  onClose,
}: {
  projectId: number;
  open: boolean;
  onClose(): void;
}) {
  const [rule, setRule] = useState<EquipmentImportRule>('skip');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<EquipmentImportReport | null>(null);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (open) {
      setFile(null);
      setReport(null);
      setRule('skip');
    }
  }, [open]);

  const upload = useMutation({
    mutationFn: () => equipmentApi.import(projectId, file!, rule),
    onSuccess: (answer) => {
      setReport(answer);
      void queryClient.invalidateQueries({ queryKey: equipmentKeys.all(projectId) });
    },
    onError: (error) => message.error(error instanceof ApiError ? error.message : '导入失败'),
  });
  const start = () => {
    if (!file) return void message.warning('请选择要导入的文件');
    if (rule !== 'replace') return upload.mutate();
    modal.confirm({
      title: '删除已有后导入',
      content: '将先删除本项目的全部设备（含绑定指标与运行时长），再按表格新建。确定继续吗？',
      okText: '删除并导入',
      okButtonProps: { danger: true },
      onOk: () => upload.mutate(),
    });
  };

  return (
    <Modal
      open={open}
      title="导入设备台账"
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
            <Button type="primary" loading={upload.isPending} onClick={start}>
              开始导入
            </Button>
          </Space>
        )
      }
    >
      {report ? (
        <ImportReportView
          counts={[
            ['新建', report.created],
            ['更新', report.updated],
            ['跳过', report.skipped],
            ['删除', report.deleted],
          ]}
          errors={report.errors}
        />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            以编码判断重复。位置写从项目起的路径（如“进水区/格栅间”），或项目内唯一的分组名称；日期写
            2024-03-01；标签写已有标签的名称，多个用顿号分隔；状态填“正常”“检修中”或“已报废”。绑定指标与附件在台账中设置。
          </Typography.Text>
          <TemplateDownload template={TEMPLATE} />
          <ImportRuleField
            label="编码重复的处理规则"
            rules={EQUIPMENT_IMPORT_RULES}
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
