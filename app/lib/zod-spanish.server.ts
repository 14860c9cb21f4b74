/**
 * Safety net: any zod message without an explicit Spanish text (a schema added
 * later, a type nobody thought of) reaches visitors and API clients in Spanish
 * too. Imported for its effect by the server modules that answer with zod
 * messages; explicit messages in the schemas still take precedence.
 */
import { z } from "zod";
import { es } from "zod/locales";

z.config(es());
