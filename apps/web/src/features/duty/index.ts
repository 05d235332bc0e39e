export { DutySchedule } from './pages/DutySchedule';
