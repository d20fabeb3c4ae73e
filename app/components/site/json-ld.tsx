import { useNonce } from "~/lib/nonce";
import { serializeJsonLd } from "~/domain/seo/json-ld";

/**
 * Structured data in a `<script type="application/ld+json">` (escaped: see serializeJsonLd).
 * A data block never runs, so CSP does not need it; it still carries the nonce so that
 * every script element of a page is accounted for by the policy.
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
