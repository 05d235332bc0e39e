import { zh } from '@iot/contracts';
import { type LocationForm, pickGateway } from '@iot/contracts/maps';
import { useQuery } from '@tanstack/react-query';
import { Form, Select, Typography } from 'antd';
import { LoadError } from '../../../components/LoadState';
import { mapKeys, mapsApi } from '../api';

/**
 * The location-mode control's gateway select (§3, §4): picking a gateway copies its
 * locateByReportData (0 becomes 1) and identifiers; clearing it resets them. The site or equipment
 * then stands where the gateway is and moves with it.
 */
export function LocationModeFields({
  projectId,
  value,
  onChange,
}: {
  projectId: number;
  value: LocationForm;
  onChange(next: LocationForm): void;
}) {
  const gateways = useQuery({
    queryKey: mapKeys.gateways(projectId),
    queryFn: () => mapsApi.gatewayOptions(projectId),
  });
  if (gateways.isError)
    return <LoadError inline what="网关" error={gateways.error} onRetry={gateways.refetch} />;
  return (
    <>
      <Form.Item label={zh('gateway select')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          loading={gateways.isLoading}
          value={value.gatewayId ?? undefined}
          placeholder="选择跟随位置的网关"
          options={(gateways.data ?? []).map((g) => ({ value: g.id, label: g.alias }))}
          onChange={(id?: number) =>
            onChange(pickGateway(value, gateways.data?.find((g) => g.id === id) ?? null))
          }
          style={{ maxWidth: 320 }}
          data-testid="location-gateway"
        />
      </Form.Item>
      {value.gatewayId !== null && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          经度标识 {value.lonIdentification || '—'}，纬度标识 {value.latIdentification || '—'}
          （locateByReportData = {value.locateByReportData}）
        </Typography.Paragraph>
      )}
    </>
  );
}
