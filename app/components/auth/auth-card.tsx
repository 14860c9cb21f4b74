import type { ReactNode } from "react";

/** The centred card of the single-purpose account pages (a link's confirmation, its answers). */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="auth-page container section">
      <div className="auth-card card">
        <h1>{title}</h1>
        {children}
      </div>
    </section>
  );
}
