// The route table lives in core/routes.ts (worker and client share it); this path stays for the client's components.
export { BACK_BUTTON_ROUTES, MEMBERS_AREA, ROUTES, visitorMayOpen, type Guard, type RouteDef, type RouteName } from '../core/routes';
