import { useParams, useSearchParams } from 'react-router';
import type { GatewayScope } from '../api';
import { GatewayDetailView } from '../components/GatewayDetailView';
import { GatewayList } from '../components/GatewayList';

/**
 * The list, or one gateway's detail when the address carries ?gatewayId (with gatewayAlias, which
 * the breadcrumb shows, spec core §2), so the detail needs no route of its own.
 */
function GatewaysScreen({ scope, title }: { scope: GatewayScope; title: string }) {
  const [search] = useSearchParams();
  const gatewayId = Number(search.get('gatewayId'));
  if (Number.isInteger(gatewayId) && gatewayId > 0)
    return <GatewayDetailView key={gatewayId} scope={scope} gatewayId={gatewayId} />;
  return <GatewayList scope={scope} title={title} />;
}

/** 网关管理 of a project (router-projectGateway). */
export function ProjectGateways() {
  const groupId = Number(useParams().groupId);
  return <GatewaysScreen scope={{ kind: 'project', groupId }} title="网关管理" />;
}

/** 网关管理 of a gateway firm (router-firmGateway). */
export function FirmGateways() {
  const firmId = Number(useParams().firmId);
  return <GatewaysScreen scope={{ kind: 'firm', firmId }} title="网关管理" />;
}
