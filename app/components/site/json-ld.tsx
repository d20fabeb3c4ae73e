import { useNonce } from "~/lib/nonce";
import { serializeJsonLd } from "~/domain/seo/json-ld";

/**
 * Structured data in a `<script type="application/ld+json">` (escaped: see serializeJsonLd).
 * A data block never runs, so CSP does not need it; on a page that hydrates it still carries the
 * nonce so that every script element of the page is accounted for by the policy (ADR 030).
 */
export function JsonLd({ data }: { data: unknown }) {
  const nonce = useNonce();
  return <script type="application/ld+json" nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
