import { GATEWAY_MODELS, GATEWAY_TYPES, IMPORT_RULES, type ImportRule } from '@iot/contracts/gateways';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Modal, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../api/http';
import {
  ImportReportView,
  ImportRuleField,
  type ImportTemplate,
  SpreadsheetDropzone,
  TemplateDownload,
} from '../../../components/SpreadsheetImport';
import { gatewayKeys, gatewaysApi, type ImportReport } from '../api';
import { GatewayTypeSelect } from './GatewayTypeSelect';

const RULE_HELP: Record<ImportRule, string> = {
  overwrite: '表中序列号已在本项目的网关按表格内容更新，其余新建',
  skip: '表中序列号已在本项目的网关保持不变，其余新建',
  replace: '先删除本项目自建的网关（厂商网关保持绑定），再导入表格',
};

/** 下载模板: the headers the import reads (序列号 and 别名 required) and two example gateways. */
const TEMPLATE: ImportTemplate = {
  fileName: '网关导入模板',
  sheetName: '网关',
  headers: ['序列号*', '别名*', '类型', '型号', 'ICCID', '批次或合同号'],
  examples: [
    ['GW20260001', '1号泵站网关', GATEWAY_TYPES.ordinary, GATEWAY_MODELS.direct, '', '2026-批次01'],
    ['GW20260002', '2号泵站网关', GATEWAY_TYPES.smart, GATEWAY_MODELS.dtuModbus, '89860000000000000001', ''],
  ],
};

/** Imports gateways from a .csv, .xls or .xlsx sheet with one of the three rules, then reports what happened. */
export function ImportModal({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [rule, setRule] = useState<ImportRule>('skip');
  const [typeId, setTypeId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const scope = { kind: 'project', groupId } as const;

  useEffect(() => {
    if (open) {
      setFile(null);
      setReport(null);
      setRule('skip');
      setTypeId(null);
    }
  }, [open]);

  const upload = useMutation({
    mutationFn: () => gatewaysApi.importXlsx(groupId, file!, rule, typeId ?? undefined),
    onSuccess: (answer) => {
      setReport(answer);
      void queryClient.invalidateQueries({ queryKey: gatewayKeys.all(scope) });
    },
    onError: (error) => {
      // Not returned: message.error's promise settles when the toast closes; the mutation would wait.
      message.error(error instanceof ApiError ? error.message : '导入失败');
    },
  });

  const start = () => {
    if (!file) return void message.warning('请选择要导入的文件');
    if (rule === 'replace') {
      modal.confirm({
        title: '确定删除已有网关后导入吗？',
        content: '本项目自建的网关及其网关指标将被删除，无法恢复。',
        okText: '删除并导入',
        okButtonProps: { danger: true },
        onOk: () => upload.mutateAsync().catch(() => undefined),
      });
    } else upload.mutate();
  };

  return (
    <Modal
      open={open}
      title="导入网关"
      onCancel={onClose}
      width={680}
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
        <ImportResult report={report} />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Typography.Text type="secondary">
            表头：序列号*、别名*、类型、型号、ICCID、批次或合同号（表头中的 *
            与“必填”会被忽略；“导出”得到的表格可直接导入）。类型与型号填写中文名称。
          </Typography.Text>
          <TemplateDownload template={TEMPLATE} />
          <ImportRuleField
            label="重复序列号的处理规则"
            rules={IMPORT_RULES}
            help={RULE_HELP}
            value={rule}
            onChange={setRule}
          />
          <GatewayTypeSelect
            owner={{ kind: 'project', id: groupId }}
            value={typeId}
            onChange={setTypeId}
            help="新建的网关套用该类型的类别、型号、指标与 Modbus 点位；更新的网关不变"
          />
          <SpreadsheetDropzone file={file} onFile={setFile} />
        </Space>
      )}
    </Modal>
  );
}

function ImportResult({ report }: { report: ImportReport }) {
  return (
    <ImportReportView
      counts={[
        ['新建', report.created],
        ['更新', report.updated],
        ['跳过', report.skipped],
        ['删除', report.deleted],
      ]}
      errors={report.errors}
    >
      {report.credentials.length > 0 && (
        <>
          <Alert
            type="warning"
            showIcon
            title="新建网关的设备密钥只显示这一次"
            description="请复制或下载后妥善保存并交给设备厂商，关闭后无法再次查看。"
          />
          <Table
            size="small"
            rowKey="serialNumber"
            pagination={false}
            scroll={{ y: 200 }}
            dataSource={report.credentials}
            columns={[
              { title: '序列号', dataIndex: 'serialNumber', width: 160 },
              {
                title: '设备密钥',
                dataIndex: 'secret',
                render: (secret: string) => <Typography.Text copyable>{secret}</Typography.Text>,
              },
              { title: '绑定码', dataIndex: 'bindCode', width: 110 },
            ]}
          />
        </>
      )}
    </ImportReportView>
  );
}
