import { Result, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProjectId } from '../../../platform/routes/useProjectId';
import { ChangeFormModal, type ChangeFormState } from '../components/ChangeFormModal';
import { ChangesTab } from '../components/ChangesTab';
import { DutyCalendar } from '../components/DutyCalendar';
import { OnDutyNow } from '../components/OnDutyNow';
import { RotationsTab } from '../components/RotationsTab';
import { ShiftsTab } from '../components/ShiftsTab';

const TABS = [
  ['calendar', '值班日历'],
  ['shifts', '班次'],
  ['rotations', '轮班规则'],
  ['changes', '调班与指定'],
] as const;

/**
 * 排班管理 (router-dutySchedule, decision 0053): who is on duty now, the month calendar, and the
 * editors of shifts, rotations, swaps and overrides. The open tab and month are kept in the address.
 */
export function DutySchedule() {
  const projectId = useProjectId();
  const [params, setParams] = useSearchParams();
  const [change, setChange] = useState<ChangeFormState>(null);
  const requested = params.get('tab');
  const active = TABS.some(([key]) => key === requested) ? requested! : 'calendar';
  const monthParam = params.get('month');
  const month = monthParam && /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : dayjs().format('YYYY-MM');
  const set = (key: string, value: string) =>
    setParams(
      (current) => {
        current.set(key, value);
        return current;
      },
      { replace: true },
    );

  if (!projectId) return <Result status="warning" title="排班管理只在项目中可用" />;
  const content = (key: (typeof TABS)[number][0]) => {
    switch (key) {
      case 'calendar':
        return (
          <>
            <OnDutyNow projectId={projectId} />
            <DutyCalendar
              projectId={projectId}
              month={month}
              onMonth={(m) => set('month', m)}
              onPick={(slot) => setChange(slot)}
            />
          </>
        );
      case 'shifts':
        return <ShiftsTab projectId={projectId} />;
      case 'rotations':
        return <RotationsTab projectId={projectId} />;
      case 'changes':
        return <ChangesTab projectId={projectId} onCreate={() => setChange({})} />;
    }
  };
  return (
    <>
      <Tabs
        activeKey={active}
        destroyOnHidden
        onChange={(key) => set('tab', key)}
        items={TABS.map(([key, label]) => ({ key, label, children: content(key) }))}
        tabBarStyle={{ marginBottom: 12 }}
      />
      <ChangeFormModal projectId={projectId} state={change} onClose={() => setChange(null)} />
    </>
  );
}
