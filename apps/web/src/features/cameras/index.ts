export { FlvPlayer } from './components/FlvPlayer';
export { VideoSurveillance } from './pages/VideoSurveillance';
