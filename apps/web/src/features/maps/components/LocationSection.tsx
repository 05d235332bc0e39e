import { Permission } from '@iot/contracts';
import { emptyLocation, type Location, type LocationForm, type LocationKind } from '@iot/contracts/maps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, message, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { LoadError } from '../../../components/LoadState';
import { usePermission } from '../../../platform/routes/currentRoute';
import { mapKeys, mapsApi } from '../api';
import { CoordinateFields } from './CoordinateFields';

/**
 * The coordinates of one site, gateway or equipment, loaded and saved on their own (保存位置), so a
 * form that already exists embeds it in one line without its own save changing.
 */
export function LocationSection({
  projectId,
  kind,
  ownerId,
  canEdit,
}: {
  projectId: number;
  kind: LocationKind;
  ownerId: number;
  /** Default: the update bit of the screen it is shown on. */
  canEdit?: boolean;
}) {
  const routeCanUpdate = usePermission(Permission.UPDATE);
  const editable = canEdit ?? routeCanUpdate;
  const client = useQueryClient();
  const key = mapKeys.location(projectId, kind, ownerId);
  const stored = useQuery({ queryKey: key, queryFn: () => mapsApi.location(projectId, kind, ownerId) });
  // Edits over the stored location; the controls mount with the stored value (the address cascader
  // opens its branch once, from the value it starts with).
  const [edited, setForm] = useState<LocationForm | null>(null);
  const form = edited ?? (stored.data ? formOf(stored.data) : emptyLocation());
  const save = useMutation({
    mutationFn: () => mapsApi.saveLocation(projectId, kind, ownerId, form),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      setForm(null);
      void client.invalidateQueries({ queryKey: mapKeys.markers(projectId) });
      void client.invalidateQueries({ queryKey: mapKeys.gateways(projectId) });
      message.success('位置已保存');
    },
  });

  return (
    <Card size="small" title="位置" data-testid={`location-section-${kind}`}>
      {stored.isLoading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : stored.isError ? (
        <LoadError inline what="位置" error={stored.error} onRetry={stored.refetch} />
      ) : (
        <>
          {stored.data?.unknownCell && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="unknown-cell"
              message={`最近上报的基站（MNC ${stored.data.unknownCell.mnc}，LAC ${stored.data.unknownCell.lac}，CELLID ${stored.data.unknownCell.cellId}）不在基站库中，位置未更新（${stored.data.unknownCell.count} 次，最近 ${dayjs(stored.data.unknownCell.lastAt).format('MM-DD HH:mm')}）`}
              description="系统管理员可在 系统管理 → 系统配置 → 基站定位 中导入基站库或配置在线服务。"
            />
          )}
          <CoordinateFields kind={kind} projectId={projectId} value={form} onChange={setForm} />
          {editable && (
            <Button
              type="primary"
              loading={save.isPending}
              onClick={() => save.mutate()}
              data-testid="save-location"
            >
              保存位置
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

function formOf(location: Location): LocationForm {
  const { kind: _kind, ownerId: _ownerId, positionAt: _at, unknownCell: _cell, ...form } = location;
  return form;
}
