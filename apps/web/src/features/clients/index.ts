export { OpenPlatform } from './pages/OpenPlatform';
export { ProjectOpenApi } from './pages/ProjectOpenApi';
