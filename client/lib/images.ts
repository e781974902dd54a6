// The one implementation is core/image-url.ts (the worker's lander uses it too); the client's components keep this path.
export { imageUrl } from '../../core/image-url';
