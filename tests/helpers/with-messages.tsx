// Renders a component that reads the catalogue (useT) the way a page does: inside
// a route whose loader data carries the slices a real loader would send. The
// data is given as hydration data, so nothing waits on a loader (fake timers work).
import { render, type RenderResult } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";
import { messagesFor } from "~/i18n/catalogue.server.ts";
import { localeOfPath } from "~/i18n/locales.ts";

export function renderWithMessages(
  element: ReactElement,
  { path = "/", namespaces = ["common"] }: { path?: string; namespaces?: readonly string[] } = {},
): RenderResult {
  const data = { messages: messagesFor(localeOfPath(path), namespaces) };
  const Stub = createRoutesStub([
    { id: "page", path, Component: () => element, loader: () => data, HydrateFallback: () => null },
  ]);
  return render(<Stub initialEntries={[path]} hydrationData={{ loaderData: { page: data } }} />);
}
