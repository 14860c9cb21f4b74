// oidc-provider ships no types; only what the tests use.
declare module "oidc-provider" {
  import type { Server } from "node:http";

  export interface KoaContext {
    path: string;
    method: string;
    body: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>);
    listen(port: number, host?: string, callback?: () => void): Server;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
    proxy: boolean;
  }
}
