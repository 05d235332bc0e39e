import { useDocumentTitle } from '../../../components/useDocumentTitle';
import firmManual from '../manuals/firmManual.md?raw';
import { ManualView } from '../manuals/ManualView';
import userManual from '../manuals/userManual.md?raw';

/** /userManual and /docs/userManual/: the operators' manual (manuals/userManual.md). */
export function UserManualPage() {
  useDocumentTitle('用户手册');
  return <ManualView source={userManual} testId="user-manual" />;
}

/** /firmManual: device firms' manual — protocols, topics, payloads, Modbus/DTU (manuals/firmManual.md). */
export function FirmManualPage() {
  useDocumentTitle('厂商接入手册');
  return <ManualView source={firmManual} testId="firm-manual" />;
}
