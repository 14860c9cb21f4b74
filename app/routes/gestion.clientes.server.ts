/** /gestion/clientes?email=…: a client's card (contact, visits, no-shows) and the staff's notes on her. */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getUser } from "~/auth/user-context.server.ts";
import { CLIENT_NOTES_MAX, saveClientNotes } from "~/bookings/client-notes.server.ts";
import { getClientCard } from "~/bookings/diary-detail.server.ts";
import { clientCardHref } from "~/components/staff/diary/labels.ts";
import { getServices } from "~/context.server.ts";

type Ctx = Readonly<RouterContextProvider>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;

const emailOf = (request: Request) => (new URL(request.url).searchParams.get("email") ?? "").trim().toLowerCase();

interface ClientNotesActionData {
  error: string;
  notes: string;
}

export async function loadClientCard(request: Request, context: Ctx, now = new Date()) {
  const { db } = getServices(context);
  const email = emailOf(request);
  const saved = new URL(request.url).searchParams.get("aviso") === "notas";
  if (!email) return { email, error: null, card: null, saved: false };
  if (email.length > 254 || !EMAIL.test(email)) {
    return { email, error: "Ese email no parece válido: revísalo.", card: null, saved: false };
  }
  const card = await getClientCard(db, email, now);
  return { email, error: card ? null : "No hay ninguna clienta con ese email.", card, saved: saved && card !== null };
}

/** Saves the notes (audited `client-notes.update`); the notes field may be emptied. */
export async function clientCardAction(request: Request, context: Ctx) {
  const { db } = getServices(context);
  const user = getUser(context);
  const email = emailOf(request);
  const form = await request.formData();
  const notes = String(form.get("notas") ?? "").trim();
  if (form.get("intent") !== "notes") {
    return data<ClientNotesActionData>({ error: "No se ha entendido la acción. Vuelve a intentarlo.", notes }, 400);
  }
  if (!email || email.length > 254 || !EMAIL.test(email)) {
    return data<ClientNotesActionData>({ error: "Falta el email de la clienta: vuelve a abrir su ficha.", notes }, 400);
  }
  if (notes.length > CLIENT_NOTES_MAX) {
    return data<ClientNotesActionData>(
      { error: `Las notas son demasiado largas (${CLIENT_NOTES_MAX} caracteres como máximo).`, notes },
      400,
    );
  }
  await saveClientNotes(db, { id: user.id, email: user.email }, email, notes);
  return redirect(`${clientCardHref(email)}&aviso=notas`);
}
