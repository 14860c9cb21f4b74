/**
 * The outbox job `verifactu:send`: sends the pending billing records to the
 * AEAT, up to 1,000 in chain order in one request, and stores each record's
 * answer. Flow control as the AEAT specifies it: the next request waits the
 * TiempoEsperaEnvio the last answer gave, unless 1,000 records are waiting.
 *
 * - A network error, an HTTP error or a SOAP Fault throws: the records stay
 *   pending and the outbox retries with its backoff.
 * - Correcto → accepted; AceptadoConErrores → accepted-with-errors; both are
 *   never sent again. A "duplicado" (code 3000) for one of our records counts as
 *   accepted: only this system issues numbers in its series, so the record the
 *   AEAT holds is ours, sent before a crash kept us from storing the answer.
 * - Incorrecto → rejected, with the AEAT's code and description, and never
 *   sent again by itself (a subsanación is a new record: docs/invoicing.md).
 *
 * One instance sends at a time (the `verifactu_sender` row's lease).
 */
import { XMLParser } from "fast-xml-parser";
import type { Db } from "~/db/db.server.ts";
import type { JobHandler } from "~/jobs/worker.server.ts";
import { newId } from "~/lib/ids.server.ts";
import type { Logger } from "~/lib/logger.server.ts";
import { notifySalonOfRejectedRecords } from "~/salon/notifications.server.ts";
import type { AeatTransport } from "./client.server.ts";
import { queueSendJob } from "./outbox.server.ts";
import { DUPLICATE_CODE, MAX_RECORDS_PER_REQUEST, parseAnswer, requestEnvelope, type AnswerLine } from "./soap.ts";

export type RecordState = "pending" | "accepted" | "accepted-with-errors" | "rejected";

export type SendOutcome =
  | { kind: "not-configured" }
  | { kind: "busy" }
  | { kind: "idle" }
  | { kind: "waiting"; until: Date }
  | { kind: "sent"; records: number; accepted: number; rejected: number; nextAt: Date | null };

interface SenderDeps {
  db: Db;
  /** null: VERIFACTU_MODE=off, nothing is sent and records stay as they are. */
  transport: AeatTransport | null;
  logger?: Logger;
  now?: () => Date;
  /** Who holds the lease (an instance's id). */
  senderId?: string;
  /** Longer than a request may take (client timeout). */
  leaseMs?: number;
}

const nameParser = new XMLParser({ removeNSPrefix: true, ignoreAttributes: true, parseTagValue: false });

/** NombreRazonEmisor of a stored RegistroAlta (the Cabecera's ObligadoEmision). */
function issuerNameOf(xml: string): string {
  const doc = nameParser.parse(xml) as { RegistroAlta?: { NombreRazonEmisor?: unknown } };
  const name = doc.RegistroAlta?.NombreRazonEmisor;
  return typeof name === "string" ? name : "";
}

/** What a line of the answer makes of the record. */
export function stateOfLine(line: AnswerLine): RecordState {
  if (line.state === "Correcto") return "accepted";
  if (line.state === "AceptadoConErrores") return "accepted-with-errors";
  if (line.duplicate !== null || line.code === DUPLICATE_CODE) {
    return line.duplicate?.state === "AceptadaConErrores" ? "accepted-with-errors" : "accepted";
  }
  return "rejected";
}

async function releaseLease(db: Db, senderId: string, notBefore?: Date): Promise<void> {
  await db
    .updateTable("verifactu_sender")
    .set({ locked_until: null, locked_by: null, ...(notBefore ? { not_before: notBefore.toISOString() } : {}) })
    .where("id", "=", 1)
    .where("locked_by", "=", senderId)
    .execute();
}

/** One pass: at most one request. Throws on a failure to retry (records stay pending). */
export async function sendPendingRecords(deps: SenderDeps): Promise<SendOutcome> {
  const { db } = deps;
  if (!deps.transport) return { kind: "not-configured" };
  const now = (deps.now ?? (() => new Date()))();
  const senderId = deps.senderId ?? newId();
  const leaseMs = deps.leaseMs ?? 5 * 60_000;
  const lease = await db
    .updateTable("verifactu_sender")
    .set({ locked_until: new Date(now.getTime() + leaseMs).toISOString(), locked_by: senderId })
    .where("id", "=", 1)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now.toISOString())]))
    .returning("not_before")
    .executeTakeFirst();
  // Another instance is sending (it queues what follows when it is done), or died holding the lease.
  if (!lease) return { kind: "busy" };
  try {
    const pending = await db
      .selectFrom("billing_record_status as s")
      .innerJoin("billing_records as r", "r.position", "s.position")
      .select(["r.position", "r.issuer_nif", "r.invoice_number", "r.issue_date", "r.xml", "s.attempts"])
      .where("s.state", "=", "pending")
      .orderBy("r.position")
      .limit(MAX_RECORDS_PER_REQUEST)
      .execute();
    if (pending.length === 0) return { kind: "idle" };
    const notBefore = new Date(lease.not_before);
    if (now < notBefore && pending.length < MAX_RECORDS_PER_REQUEST) {
      await queueSendJob(db, notBefore, now);
      return { kind: "waiting", until: notBefore };
    }
    // One ObligadoEmision per request: the records of the first one's issuer, in order.
    const issuer = pending[0].issuer_nif;
    const batchEnd = pending.findIndex((r) => r.issuer_nif !== issuer);
    const batch = batchEnd === -1 ? pending : pending.slice(0, batchEnd);
    const envelope = requestEnvelope(
      { name: issuerNameOf(batch[0].xml), nif: issuer },
      batch.map((r) => r.xml),
    );
    const submissionId = newId();
    const positions = batch.map((r) => r.position);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("billing_submissions")
        .values({
          id: submissionId,
          record_position: positions[0],
          attempted_at: now.toISOString(),
          status: "sending",
          response: null,
        })
        .execute();
      await trx
        .updateTable("billing_record_status")
        .set((eb) => ({ sent_at: now.toISOString(), submission_id: submissionId, attempts: eb("attempts", "+", 1) }))
        .where("position", "in", positions)
        .execute();
    });
    const logSubmission = (status: string, response: string | null) =>
      db.updateTable("billing_submissions").set({ status, response }).where("id", "=", submissionId).execute();
    let http;
    try {
      http = await deps.transport(envelope);
    } catch (err) {
      await logSubmission("network-error", (err as Error).message);
      throw new Error(`AEAT: network error (${(err as Error).message})`, { cause: err });
    }
    let answer;
    try {
      answer = parseAnswer(http.body);
    } catch (err) {
      await logSubmission(`http-${http.status}`, http.body);
      throw new Error(`AEAT: HTTP ${http.status}, unreadable answer (${(err as Error).message})`, { cause: err });
    }
    if (answer.kind === "fault") {
      await logSubmission("fault", http.body);
      throw new Error(`AEAT: SOAP Fault ${answer.code}: ${answer.message}`);
    }
    if (http.status >= 300) {
      await logSubmission(`http-${http.status}`, http.body);
      throw new Error(`AEAT: HTTP ${http.status}`);
    }
    const answeredAt = (deps.now ?? (() => new Date()))();
    const nextAt = new Date(answeredAt.getTime() + answer.waitSeconds * 1000);
    let accepted = 0;
    let rejected = 0;
    const rejectedPositions: number[] = [];
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("billing_submissions")
        .set({ status: "answered", response: http.body })
        .where("id", "=", submissionId)
        .execute();
      for (const line of answer.lines) {
        const record = batch.find(
          (r) =>
            r.invoice_number === line.invoiceNumber &&
            r.issuer_nif === line.issuerNif &&
            r.issue_date === line.issueDate,
        );
        if (!record) continue;
        const state = stateOfLine(line);
        if (state === "rejected") rejected += 1;
        else accepted += 1;
        const stored = await trx
          .updateTable("billing_record_status")
          .set({
            state,
            code: line.code,
            description: line.description,
            csv: state === "rejected" ? null : answer.csv,
            answered_at: answeredAt.toISOString(),
          })
          .where("position", "=", record.position)
          .where("state", "=", "pending")
          .executeTakeFirst();
        if (state === "rejected" && Number(stored.numUpdatedRows) > 0) rejectedPositions.push(record.position);
      }
      // The owner hears of the rejections of this answer in one email (app/salon/notifications.server.ts).
      await notifySalonOfRejectedRecords(trx, { submissionId, positions: rejectedPositions, now: answeredAt });
    });
    deps.logger?.info(
      { submissionId, records: batch.length, accepted, rejected, waitSeconds: answer.waitSeconds },
      "VERI*FACTU: envío a la AEAT respondido",
    );
    await releaseLease(db, senderId, nextAt);
    // Records still waiting (or a line the answer left out): the next request, after the wait.
    const left = await db
      .selectFrom("billing_record_status")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("state", "=", "pending")
      .executeTakeFirstOrThrow();
    const leftCount = Number(left.n);
    let next: Date | null = null;
    if (leftCount > 0) {
      next = leftCount >= MAX_RECORDS_PER_REQUEST ? answeredAt : nextAt;
      await queueSendJob(db, next, answeredAt);
    }
    return { kind: "sent", records: batch.length, accepted, rejected, nextAt: next };
  } finally {
    await releaseLease(db, senderId);
  }
}

export function sendJobHandler(deps: SenderDeps): JobHandler {
  return async (_payload, job) => {
    const outcome = await sendPendingRecords({ ...deps, senderId: `${job.id}:${job.attempts}` });
    // Another instance holds the lease (or died holding it): try again after the backoff, so no record is left waiting.
    if (outcome.kind === "busy") throw new Error("VERI*FACTU: another instance is sending; retrying later");
  };
}
