import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Alejandra Nails · Salón de uñas y academia en Molins de Rei" }];

export default function Home() {
  return (
    <section className="container section">
      <h1>Alejandra Nails</h1>
    </section>
  );
}
