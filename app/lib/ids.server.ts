import { createHash, randomBytes, randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();
export const nowIso = (): string => new Date().toISOString();
/** 256 bits of randomness, URL-safe: session and reset tokens. */
export const newToken = (): string => randomBytes(32).toString("base64url");
/** newToken's shape: 32 random bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** Whether a value can be a token newToken made at all (checked before any query or hash). */
export const isTokenShaped = (value: unknown): value is string => typeof value === "string" && TOKEN_SHAPE.test(value);
export const sha256 = (value: string): string => createHash("sha256").update(value).digest("hex");
