export { cameraKeys, camerasApi } from './api';
export { CameraModal } from './components/CameraModal';
export { CameraPlayer } from './components/CameraPlayer';
export { VideoSurveillance } from './pages/VideoSurveillance';
