import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { requireOwner } from "~/auth/user-context.server.ts";
import { getServices } from "~/context.server.ts";
import { auditChanges } from "~/domain/audit-diff.ts";
import { auditActionLabel, auditEntityIdText, auditEntityLabel, auditInstantText } from "~/domain/audit-text.ts";
import { listAudit, listAuditEntityTypes } from "~/audit/audit.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const AUDIT_PAGE_SIZE = 50;

// Anything odd in the URL falls back to the first page and every type: a filter link never errors.
const pageParam = z.coerce.number().int().min(1).max(100_000).catch(1);
const typeParam = z.string().max(60).catch("");

export async function loadAuditLog(context: Ctx, url: URL) {
  requireOwner(context);
  const { db } = getServices(context);
  const types = await listAuditEntityTypes(db);
  const wanted = typeParam.parse(url.searchParams.get("tipo") ?? "");
  const entityType = types.includes(wanted) ? wanted : "";
  let page = pageParam.parse(url.searchParams.get("pagina") ?? "1");
  let result = await listAudit(db, {
    limit: AUDIT_PAGE_SIZE,
    offset: (page - 1) * AUDIT_PAGE_SIZE,
    entityType: entityType || undefined,
  });
  const pageCount = Math.max(1, Math.ceil(result.total / AUDIT_PAGE_SIZE));
  if (page > pageCount) {
    page = pageCount;
    result = await listAudit(db, {
      limit: AUDIT_PAGE_SIZE,
      offset: (page - 1) * AUDIT_PAGE_SIZE,
      entityType: entityType || undefined,
    });
  }
  return {
    types: types.map((t) => ({ value: t, label: auditEntityLabel(t) })),
    entityType,
    page,
    pageCount,
    total: result.total,
    // Labelled here, once: the page shows words and Madrid times, never raw codes or ISO stamps.
    entries: result.rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      when: auditInstantText(r.createdAt),
      actor: r.actorEmail === "cli" ? "Línea de comandos" : r.actorEmail,
      action: r.action,
      actionLabel: auditActionLabel(r.action),
      entityType: r.entityType,
      entityLabel: auditEntityLabel(r.entityType),
      entityId: r.entityId,
      entityIdText: r.entityId === null ? null : auditEntityIdText(r.entityType, r.entityId),
      changes: auditChanges(r.before, r.after, r.entityType),
    })),
  };
}
