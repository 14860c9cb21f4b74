type BodyText = { ok: true; text: string } | { ok: false; reason: "too-large" | "not-utf8" };

/**
 * The request body as UTF-8 text, reading at most `limit` bytes. A declared
 * Content-Length over the limit is refused before reading; a longer stream is
 * cancelled at the limit. Bytes that are not UTF-8 are refused, never replaced.
 * The JSON APIs (checkout, Stripe webhook, chat) read their bodies through this.
 */
export async function readBodyText(request: Request, limit: number): Promise<BodyText> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return { ok: false, reason: "too-large" };
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return { ok: false, reason: "too-large" };
    }
    chunks.push(value);
  }
  try {
    return { ok: true, text: new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)) };
  } catch {
    return { ok: false, reason: "not-utf8" };
  }
}
