import type { Page } from '@iot/contracts';
import type { AuditRecord, AuditTab } from '@iot/contracts/audits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { http } from '../../api/http';

const BASE = '/iot/projects/auditRecordNoAuth';
/** Spec feature-areas §7: the audit list asks page 0, size 10. */
export const AUDIT_PAGE_SIZE = 10;

/** A page of 我的审批 (the list's query key starts ['audits', 'list']). */
export function fetchAudits(tab: AuditTab, page: number, size = AUDIT_PAGE_SIZE) {
  return http.get<Page<AuditRecord>>(BASE, { params: { tab, page, size } });
}

export function useAuditRecord(id: number) {
  return useQuery({
    queryKey: ['audits', 'record', id],
    queryFn: () => http.get<AuditRecord>(`${BASE}/${id}`),
    enabled: id > 0,
  });
}

/** Approve and reject; both refresh the list, the record and the repairs they change. */
export function useAuditActions() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['audits'] });
    void queryClient.invalidateQueries({ queryKey: ['dataRepair'] });
  };
  const approve = useMutation({
    mutationFn: (record: AuditRecord) => http.put<AuditRecord>(`${BASE}/${record.id}/approve`),
    onSuccess: () => {
      message.success('审批通过，修正值已写入历史数据');
      refresh();
    },
  });
  const reject = useMutation({
    mutationFn: ({ record, reason }: { record: AuditRecord; reason: string }) =>
      http.put<AuditRecord>(`${BASE}/${record.id}/reject`, { reason }),
    onSuccess: () => {
      message.success('已驳回');
      refresh();
    },
  });
  return { approve, reject };
}
