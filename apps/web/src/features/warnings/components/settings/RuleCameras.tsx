import { useQuery } from '@tanstack/react-query';
import { Col, Form, Row, Select, Switch } from 'antd';
import { cameraKeys, camerasApi } from '../../../cameras/index';
import type { RuleValues } from './ruleForm';

/**
 * A rule's cameras (视频监控 of this project only) and 自动抓拍 (decision 0064, "Warnings with
 * cameras"). Shown only when the project has cameras the user may see; a user without 视频监控 gets
 * a refusal from the list and so no field either.
 */
export function RuleCameras({ projectId }: { projectId: number }) {
  const form = Form.useFormInstance<RuleValues>();
  const chosen = Form.useWatch('cameraIds', form) ?? [];
  const cameras = useQuery({
    queryKey: cameraKeys.list(projectId, projectId),
    queryFn: () => camerasApi.list(projectId),
    retry: false,
  });
  const list = cameras.data ?? [];
  if (list.length === 0) return null;
  const known = new Set(list.map((c) => c.id));
  const options = [
    ...list.map((c) => ({ value: c.id, label: c.name })),
    // A camera deleted since the rule was saved stays visible, so saving does not drop it silently.
    ...chosen.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `已删除的摄像头 ${id}` })),
  ];
  return (
    <Row gutter={16} align="top">
      <Col xs={24} sm={16}>
        <Form.Item
          name="cameraIds"
          label="关联摄像头"
          tooltip="预警详情中显示这些摄像头预警时刻的截图，并可打开视频（回放从预警前一分钟起）"
        >
          <Select
            mode="multiple"
            allowClear
            options={options}
            optionFilterProp="label"
            placeholder="不关联"
            aria-label="关联摄像头"
            maxCount={16}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={8}>
        <Form.Item
          name="autoCapture"
          label="自动抓拍"
          valuePropName="checked"
          tooltip="预警产生时为关联的摄像头各抓拍一张截图"
        >
          <Switch aria-label="自动抓拍" disabled={chosen.length === 0} />
        </Form.Item>
      </Col>
    </Row>
  );
}
