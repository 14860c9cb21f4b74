// The table of payload families, in the order the plan and the report use
// (the order is part of what a seed reproduces).
import { HTTP_FAMILIES } from "./families-http.ts";
import { STRUCTURE_FAMILIES } from "./families-structure.ts";
import { VALUE_FAMILIES } from "./families-values.ts";
import { UPLOAD_FAMILIES } from "./families-upload.ts";
import type { Family } from "./payload-kit.ts";

export const FAMILIES: Family[] = [...VALUE_FAMILIES, ...STRUCTURE_FAMILIES, ...HTTP_FAMILIES, ...UPLOAD_FAMILIES];
