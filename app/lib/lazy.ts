/**
 * A value made on first use, then kept. For Intl formatters at module level: the
 * first Intl object a browser tab makes loads ICU's locale data, 13–37 ms measured
 * in Chromium on this 2-core machine (four times that in Lighthouse's phone
 * simulation). Made while a module is evaluated, it turned the evaluation of the
 * chunk every page loads into one long task, on pages that format nothing.
 */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
