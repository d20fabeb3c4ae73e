import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFoundMessage } from "~/components/site/status-message";
import { logger } from "~/lib/logger.server";

/** Any path no other route matches (spec 1 §2): logged, answered with 404. */

export function loader({ request }: Route.LoaderArgs) {
  logger.warn({ path: new URL(request.url).pathname }, "page not found");
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const businessName = matches[1]?.loaderData?.settings.businessName;
  return [
    { title: businessName ? `Page not found | ${businessName}` : "Page not found" },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound() {
  return <NotFoundMessage />;
}
