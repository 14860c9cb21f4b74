/**
 * zod for code that also runs in the browser. The page's CSP has no 'unsafe-eval',
 * and zod probes `new Function` while it builds an object schema unless told not to
 * (Chrome reports the blocked probe as a CSP violation). Importing zod through this
 * module sets the switch before any schema of the importer is built.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
