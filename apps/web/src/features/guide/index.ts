export { useGuideShots } from './api';
export { GuideModal } from './components/GuideModal';
export { GuideShot } from './components/GuideShot';
export { opensByItself } from './guideNavigation';
export { GUIDE_STEPS, USER_MANUAL_PATH } from './guideSteps';
export { useGuideLauncher } from './useGuideLauncher';
