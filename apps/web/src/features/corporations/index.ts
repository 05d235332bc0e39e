export { CorporationProjects } from './pages/CorporationProjects';
export { CorporationSetting } from './pages/CorporationSetting';
export { Corporations } from './pages/Corporations';
export { MyCorporations } from './pages/MyCorporations';
