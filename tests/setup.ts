import { afterEach, beforeEach, vi } from "vitest";

// console.error during a test fails it unless the test mocks console.error itself.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  const spy = console.error as unknown as { mockRestore?: () => void; mock?: unknown };
  spy.mockRestore?.();
  if (errors.length > 0) {
    const first = errors[0].map(String).join(" ");
    errors = [];
    throw new Error(`console.error was called during the test: ${first}`);
  }
});
