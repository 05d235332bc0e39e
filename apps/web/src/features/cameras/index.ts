export { cameraKeys, camerasApi } from './api';
export { CameraModal } from './components/CameraModal';
export { FlvPlayer } from './components/FlvPlayer';
export { VideoSurveillance } from './pages/VideoSurveillance';
