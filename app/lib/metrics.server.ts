/**
 * The process's Prometheus metrics (prom-client): HTTP requests, emails and
 * Node's own (event-loop lag, memory, GC). With several cluster workers, each
 * has its own copy and /metrics adds them up (server/metrics.ts); the
 * database's gauges are read apart, once per scrape (db-metrics.server.ts).
 */
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export const httpDuration = new Histogram({
  name: "http_request_duration_seconds",
  help: "Duración de las peticiones HTTP, por patrón de ruta, método y clase de estado",
  labelNames: ["route", "method", "status_class"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const httpClientErrors = new Counter({
  name: "http_responses_4xx_total",
  help: "Respuestas 4xx, por patrón de ruta y método",
  labelNames: ["route", "method"] as const,
  registers: [processRegistry],
});

export const httpServerErrors = new Counter({
  name: "http_responses_5xx_total",
  help: "Respuestas 5xx, por patrón de ruta y método",
  labelNames: ["route", "method"] as const,
  registers: [processRegistry],
});

export const emailsSent = new Counter({
  name: "emails_sent_total",
  help: "Correos aceptados por el transporte (SMTP o .eml), por plantilla",
  labelNames: ["template"] as const,
  registers: [processRegistry],
});

export const emailsFailed = new Counter({
  name: "emails_failed_total",
  help: "Intentos de envío fallidos (se reintentan), por plantilla",
  labelNames: ["template"] as const,
  registers: [processRegistry],
});

export const emailsBounced = new Counter({
  name: "emails_bounced_total",
  help: "Correos cuyo destinatario rechazó el servidor SMTP de forma permanente (5xx), por plantilla",
  labelNames: ["template"] as const,
  registers: [processRegistry],
});

/** A send refused for good by the relay: a 5xx answer to RCPT TO (nodemailer's EENVELOPE). */
export function isPermanentRejection(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  return e?.code === "EENVELOPE" && typeof e.responseCode === "number" && e.responseCode >= 500;
}
