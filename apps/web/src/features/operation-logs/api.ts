import type { Page } from '@iot/contracts';
import type { OperationKind, OperationLog } from '@iot/contracts/operation-logs';
import { http } from '../../api/http';

/** The list's conditions as the server reads them; absent fields mean "all". */
export interface OperationLogFilter {
  user?: string;
  kind?: OperationKind;
  result?: 'success' | 'failure';
  keyword?: string;
  startTime?: number;
  endTime?: number;
}

/** The project's log (projectId > 0) or the system's. */
const urlOf = (projectId: number) =>
  projectId > 0 ? `/iot/groups/${projectId}/operationLogs` : '/iot/operationLogs';

export function fetchOperationLogs(
  projectId: number,
  filter: OperationLogFilter,
  page: number,
  size: number,
): Promise<Page<OperationLog>> {
  return http.get<Page<OperationLog>>(urlOf(projectId), { params: { ...filter, page, size } });
}
