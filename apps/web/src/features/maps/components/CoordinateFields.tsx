import { EnvironmentOutlined, GatewayOutlined } from '@ant-design/icons';
import { zh } from '@iot/contracts';
import {
  COORDINATE_STEP,
  COORDINATE_SYSTEM_OPTIONS,
  type LocationForm,
  type LocationKind,
  switchCoordinateSystem,
  switchLocateType,
  switchLocationMode,
} from '@iot/contracts/maps';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { AddressCascader } from './AddressCascader';
import { LocationModeFields } from './LocationModeFields';
import { MapPickerModal } from './MapPickerModal';

/**
 * The coordinate form control (§3): longitude and latitude (WGS-84, step 0.000001), the full address
 * and its three-level division codes, and the location mode. Manual: typed or picked on the map.
 * Automatic: a gateway reports its own position (base station by LAC / CELLID, or longitude and
 * latitude in a coordinate system); a site or equipment follows a gateway. Every change goes through
 * the §4 rules in the contracts.
 */
export function CoordinateFields({
  kind,
  projectId,
  value,
  onChange,
}: {
  kind: LocationKind;
  projectId: number;
  value: LocationForm;
  onChange(next: LocationForm): void;
}) {
  const [picker, setPicker] = useState<'point' | 'area' | null>(null);
  const set = (patch: Partial<LocationForm>) => onChange({ ...value, ...patch });
  const automatic = value.locationMode === 1;

  return (
    <div data-testid={`coordinate-fields-${kind}`}>
      <Form.Item label={zh('Location-mode radio')}>
        <Radio.Group
          value={value.locationMode}
          onChange={(e) => onChange(switchLocationMode(value, e.target.value as 0 | 1))}
          options={[
            { value: 0, label: zh('Location-mode radio: manual') },
            { value: 1, label: zh('Location-mode radio: automatic') },
          ]}
        />
      </Form.Item>
      {automatic && kind === 'gateway' && (
        <>
          <Form.Item label="定位类型">
            <Radio.Group
              value={value.locateType}
              onChange={(e) => onChange(switchLocateType(value, e.target.value as 0 | 1))}
              options={[
                { value: 0, label: '基站定位' },
                { value: 1, label: '经纬度定位' },
              ]}
            />
          </Form.Item>
          {value.locateType === 1 && (
            <Form.Item label="坐标系">
              <Select
                value={value.coordinateSystem}
                options={COORDINATE_SYSTEM_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
                onChange={(v) => onChange(switchCoordinateSystem(value, v))}
                style={{ maxWidth: 240 }}
              />
            </Form.Item>
          )}
          <Space wrap>
            <Form.Item label={value.locateType === 0 ? 'LAC 标识' : '经度标识'}>
              <Input
                value={value.lonIdentification}
                onChange={(e) => set({ lonIdentification: e.target.value })}
              />
            </Form.Item>
            <Form.Item label={value.locateType === 0 ? 'CELLID 标识' : '纬度标识'}>
              <Input
                value={value.latIdentification}
                onChange={(e) => set({ latIdentification: e.target.value })}
              />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            网关上报这两个标识的值时，位置随之更新（locateByReportData = {value.locateByReportData}）。
            {value.locateType === 0 &&
              '基站位置按系统配置中导入的基站库（MCC 460）解析，基站库没有时查询配置的在线服务；查不到的基站不改变位置。网关另有 MNC 标识时按其运营商查询。'}
          </Typography.Paragraph>
        </>
      )}
      {automatic && kind !== 'gateway' && (
        <LocationModeFields projectId={projectId} value={value} onChange={onChange} />
      )}
      <Space wrap align="end">
        <Form.Item label="经度">
          <InputNumber
            value={value.xAxis}
            step={COORDINATE_STEP}
            precision={6}
            min={0}
            max={180}
            disabled={automatic}
            onChange={(v) => set({ xAxis: v })}
            data-testid="x-axis"
          />
        </Form.Item>
        <Form.Item label="纬度">
          <InputNumber
            value={value.yAxis}
            step={COORDINATE_STEP}
            precision={6}
            min={0}
            max={90}
            disabled={automatic}
            onChange={(v) => set({ yAxis: v })}
            data-testid="y-axis"
          />
        </Form.Item>
        <Form.Item>
          <Space wrap>
            <Button icon={<EnvironmentOutlined />} disabled={automatic} onClick={() => setPicker('point')}>
              {zh('point mode')}
            </Button>
            {kind === 'site' && (
              <Button icon={<GatewayOutlined />} onClick={() => setPicker('area')}>
                {zh('area mode')}
                {value.area.length ? `（${value.area.length}）` : ''}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Space>
      <Form.Item label="所在地区">
        <AddressCascader value={value.address} onChange={(address) => set({ address })} />
      </Form.Item>
      <Form.Item label="详细地址">
        <Input
          value={value.fullAddress}
          maxLength={200}
          onChange={(e) => set({ fullAddress: e.target.value })}
          data-testid="full-address"
        />
      </Form.Item>
      {picker === 'point' && (
        <MapPickerModal
          open
          mode="point"
          projectId={projectId}
          value={{ lng: value.xAxis, lat: value.yAxis }}
          onCancel={() => setPicker(null)}
          onOk={(p) => {
            set({
              xAxis: p.lng,
              yAxis: p.lat,
              fullAddress: p.fullAddress || value.fullAddress,
              address: p.address.length ? p.address : value.address,
            });
            setPicker(null);
          }}
        />
      )}
      {picker === 'area' && (
        <MapPickerModal
          open
          mode="area"
          projectId={projectId}
          value={JSON.stringify(value.area)}
          onCancel={() => setPicker(null)}
          onOk={(area) => {
            set({ area });
            setPicker(null);
          }}
        />
      )}
    </div>
  );
}
