import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isOrderKindId, ORDER_KINDS, orderKind } from "./index.server.ts";

const appDir = path.resolve(import.meta.dirname, "../..");
const kindsDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("order kinds", () => {
  it("finds each kind by the id stored in orders.kind, and refuses an unknown one", () => {
    for (const id of Object.keys(ORDER_KINDS)) expect(orderKind(id).id).toBe(id);
    expect(isOrderKindId("voucher")).toBe(false);
    expect(isOrderKindId("toString")).toBe(false);
    expect(() => orderKind("voucher")).toThrow(/Unknown order kind/);
  });

  it("states the facts of each sale: withdrawal, who may pay, where the buyer returns", () => {
    const courses = orderKind("courses");
    const deposit = orderKind("deposit");
    expect([courses.withdrawable, deposit.withdrawable]).toEqual([true, false]);
    expect([courses.guestPayment, deposit.guestPayment]).toEqual([false, true]);
    expect([courses.emailsInvoice, deposit.emailsInvoice]).toEqual([false, true]);
    // A counter sale's money is given back at the counter, never through a payment provider.
    const counter = orderKind("counter");
    expect([courses.refundsThroughProvider, deposit.refundsThroughProvider, counter.refundsThroughProvider]).toEqual([
      true,
      true,
      false,
    ]);
    expect(counter.withdrawable).toBe(false);
    expect(courses.afterPayment({ appointment_id: null })).toBeNull();
    expect(courses.afterCancel({ appointment_id: null })).toBe("/cancel");
    expect(deposit.afterPayment({ appointment_id: "a1" })).toMatch(/a1/);
    expect(deposit.afterCancel({ appointment_id: "a1" })).toBe(deposit.afterPayment({ appointment_id: "a1" }));
    expect(courses.invoiceOperation).not.toBe(deposit.invoiceOperation);
  });

  it("is the only place that compares an order's kind with a kind's name", () => {
    const ids = Object.keys(ORDER_KINDS).join("|");
    // `kind === "deposit"`, `kind !== "courses"`, `.where("kind", "=", "deposit")`, `kind: "deposit"`…
    const comparison = new RegExp(
      String.raw`kind\s*[!=]==?\s*"(${ids})"|"(?:orders\.)?kind",\s*"!?=",\s*"(${ids})"|\bkind:\s*"(${ids})"`,
    );
    const offenders = sourceFiles(appDir)
      .filter((file) => !file.startsWith(kindsDir + path.sep) && !file.includes(`${path.sep}migrations${path.sep}`))
      .filter((file) => comparison.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(appDir, file));
    expect(offenders).toEqual([]);
  });
});
