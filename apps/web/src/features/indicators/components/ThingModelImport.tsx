import { ImportOutlined } from '@ant-design/icons';
import { IndicatorMessages, isThingModelFileName, thingModel } from '@iot/contracts/indicators';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Upload } from 'antd';
import { gatewayIndicatorsApi, indicatorKeys } from '../api';
import { showFailure } from './formRules';

/** Reads a thing-model file: its JSON checked against the contracts' schema, or why not. */
async function readModel(file: File) {
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new Error('物模型文件不是有效的 JSON');
  }
  const parsed = thingModel.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `物模型文件内容有误：${issue ? `${issue.path.join('.')} ${issue.message}` : '格式不正确'}`,
    );
  }
  return parsed.data;
}

/**
 * 导入物模型: a JSON file of properties (name, identifier, desc, accessMode, dataType type/specs)
 * becomes gateway indicators of this gateway; only .json files are taken (spec core §5).
 */
export function ThingModelImport({ groupId, gatewayId }: { groupId: number; gatewayId: number }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const importing = useMutation({
    mutationFn: async (file: File) =>
      gatewayIndicatorsApi.importThingModel(groupId, gatewayId, {
        fileName: file.name,
        model: await readModel(file),
      }),
    onSuccess: (result) => {
      message.success(
        `物模型已导入：新增网关指标 ${result.created} 个，跳过已有数据标识 ${result.skipped} 个，新建项目指标 ${result.indicatorsCreated} 个`,
      );
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.gatewayIndicators(groupId, gatewayId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.quota(groupId) });
      void queryClient.invalidateQueries({ queryKey: indicatorKeys.indicators(groupId) });
    },
    onError: (error) => showFailure(error, modal, message.error, groupId),
  });

  return (
    <Upload
      accept=".json,application/json"
      showUploadList={false}
      beforeUpload={(file) => {
        if (!isThingModelFileName(file.name)) message.error(IndicatorMessages.THING_MODEL_FILE);
        else importing.mutate(file);
        return Upload.LIST_IGNORE;
      }}
    >
      <Button icon={<ImportOutlined />} loading={importing.isPending}>
        导入物模型
      </Button>
    </Upload>
  );
}
