import type { ReactNode } from "react";
import { LanguageOffer } from "~/i18n/language-offer.tsx";
import { useT } from "~/i18n/react.tsx";
import type { RootUser } from "~/root-data.ts";
import { CartProvider } from "../cart/cart-context.tsx";
import { ChatLauncher } from "../chat/chat-launcher.tsx";
import { WhatsAppFloat } from "../whatsapp-float.tsx";
import { FloatingClearance } from "./floating-clearance.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { NavigationProgress } from "./navigation-effects.tsx";

/**
 * The shop's frame: cart state, skip link, header, main landmark, footer, the
 * WhatsApp button and the chat launcher. Wraps every visitor page (the public
 * layout) and the top error page, which renders without any layout.
 */
export function SiteShell({ user, children }: { user: RootUser | null; children: ReactNode }) {
  const t = useT();
  return (
    <CartProvider>
      <NavigationProgress />
      <a className="skip-link" href="#contenido">
        {t("common.a11y.skipToContent")}
      </a>
      <Header user={user} />
      <main id="contenido" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <WhatsAppFloat />
      <ChatLauncher />
      <LanguageOffer />
      <FloatingClearance />
    </CartProvider>
  );
}
