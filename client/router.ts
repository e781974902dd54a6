// The matcher lives in core/router.ts; this path stays for worker/ssr/render.tsx until the streaming work there lands.
export { matchRoute, routeByName, type Matched } from '../core/router';
