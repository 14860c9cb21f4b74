import { site } from "~/content/site.ts";

/** The salon's street address on two lines, the same wherever it is shown. */
export function PostalAddress() {
  return (
    <address>
      {site.address.street}
      <br />
      {site.address.postalCode} {site.address.locality}, {site.address.region}
    </address>
  );
}
