export { GuideModal } from './components/GuideModal';
export { opensByItself } from './guideNavigation';
export { USER_MANUAL_PATH } from './guideSteps';
export { useGuideLauncher } from './useGuideLauncher';
