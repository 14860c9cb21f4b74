import type { ReactNode } from "react";
import type { RootUser } from "~/root.tsx";
import { ChatLauncher } from "../chat/chat-launcher.tsx";
import { WhatsAppFloat } from "../whatsapp-float.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";

/** Skip link, header, main landmark, footer and the WhatsApp button: shared by pages and error pages. */
export function SiteShell({ user, children }: { user: RootUser | null; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <Header user={user} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <WhatsAppFloat />
      <ChatLauncher />
    </>
  );
}
