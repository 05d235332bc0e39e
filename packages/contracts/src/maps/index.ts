export * from './area.js';
export * from './cells.js';
export * from './constants.js';
export * from './location.js';
export * from './map-markers.js';
export * from './places.js';
