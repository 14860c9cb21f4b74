import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { CartProvider } from "./components/cart/cart-context.tsx";
import { getOptionalUser } from "./auth/session.server.ts";
import { getServices } from "./context.server.ts";
import { SiteShell } from "./components/layout/site-shell.tsx";
import stylesHref from "./styles/app.css?url";

/** Public fields of the signed-in user, known on the first paint (accounts issue fills it). */
export interface RootUser {
  id: string;
  email: string;
  displayName: string;
}

export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<{ user: RootUser | null; origin: string }> {
  const authUser = await getOptionalUser(request, context);
  const user: RootUser | null = authUser
    ? { id: authUser.id, email: authUser.email, displayName: authUser.displayName }
    : null;
  // Canonical and og:url are built from PUBLIC_URL, never from the request's Host header.
  const origin = new URL(getServices(context).config.publicUrl).origin;
  return { user, origin };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5B1F3E" />
        {/* With a precedence React emits the stylesheet first in <head>, ahead of the
            hoisted modulepreloads and JSON-LD, so it is discovered at once. */}
        <link rel="stylesheet" href={stylesHref} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Scrolls to the top on every path change (not on hash or query changes). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // With a hash (footer links to /#servicios) React Router scrolls to the anchor instead.
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className="nav-progress" role="progressbar" aria-label="Cargando página" />;
}

/** Browser tests wait for this marker before clicking (set by pages and error pages alike). */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App() {
  const { user } = useLoaderData<typeof loader>();
  useHydratedMarker();
  return (
    <CartProvider>
      <ScrollToTop />
      <NavigationProgress />
      <SiteShell user={user}>
        <Outlet />
      </SiteShell>
    </CartProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Página no encontrada" : "Algo ha fallado";
  const text = notFound
    ? "La página que buscas no existe o ha cambiado de dirección."
    : "Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.";
  // Present unless the root loader itself failed; the shell then shows the signed-out header.
  const rootData = useRouteLoaderData<typeof loader>("root");
  useHydratedMarker();
  return (
    <CartProvider>
      <SiteShell user={rootData?.user ?? null}>
        <section className="container section error-page">
          <title>{`${title} · Alejandra Nails`}</title>
          <meta name="robots" content="noindex" />
          {notFound ? <p className="error-page__code">404</p> : null}
          <h1>{title}</h1>
          <p>{text}</p>
          <p className="error-page__actions">
            <a className="btn" href="/">
              Volver al inicio
            </a>
            <a className="btn btn--outline" href="/contacto">
              Contactar
            </a>
          </p>
        </section>
      </SiteShell>
    </CartProvider>
  );
}
