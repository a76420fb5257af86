import { serializeJsonLd, type JsonLdDocument } from '@/lib/seo/json-ld';

/** Structured data in a script that no string inside it can break out of. */
export function JsonLd({ data }: { data: JsonLdDocument }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
