import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
} from "react-router";
import type { Route } from "./+types/root";
import stylesHref from "./styles/app.css?url";

/** Public fields of the signed-in user, known on the first paint (accounts issue fills it). */
export interface RootUser {
  id: string;
  email: string;
  displayName: string;
}

export async function loader(_args: Route.LoaderArgs): Promise<{ user: RootUser | null }> {
  return { user: null };
}

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: stylesHref },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5B1F3E" />
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
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return <div className="nav-progress" role="progressbar" aria-label="Cargando página" />;
}

export default function App() {
  useEffect(() => {
    // Browser tests wait for this before clicking.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <main id="contenido">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Página no encontrada" : "Algo ha fallado";
  const text = notFound
    ? "La página que buscas no existe o ha cambiado de dirección."
    : "Ha ocurrido un error inesperado. Inténtalo de nuevo en unos minutos.";
  return (
    <main id="contenido" className="container section">
      <title>{`${title} · Alejandra Nails`}</title>
      <h1>{title}</h1>
      <p>{text}</p>
      <p>
        <a className="btn" href="/">
          Volver al inicio
        </a>
      </p>
    </main>
  );
}
