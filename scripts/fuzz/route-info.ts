// What the fuzzer knows about one route of app/routes.ts: found by the route
// discovery (targets.ts), read by the value generators (actions.ts). A module of
// its own so that those two need not import each other.
export interface RouteInfo {
  pattern: string;
  file: string;
  params: string[];
  query: string[];
  hasAction: boolean;
  /** A UI route (module with a component): also reachable as <path>.data (single fetch). */
  ui: boolean;
}
