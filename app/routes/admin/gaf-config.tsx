import type { Route } from "./+types/gaf-config";
import { AdminData } from "~/components/admin/admin-data";
import { AdminPage } from "~/components/admin/admin-page";
import { ColorsPanel, RoofLayersPanel, RoofProductsPanel, ShinglesPanel, WarrantiesPanel } from "~/components/gaf-admin/gaf-panels";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { requireAdmin } from "~/domain/accounts/guards.server";
import { gafIntents } from "~/domain/gaf/admin-intents.server";
import { gafActionSchema, GAF_TEXT } from "~/domain/gaf/admin-schemas";
import { listGafConfig } from "~/domain/gaf/list-gaf-config.server";
import { adminAction, adminLoad } from "~/lib/admin-action.server";
import { adminClientAction } from "~/components/admin/admin-client-action";

/**
 * /admin/gaf-config (spec 2 §2 "Manufacturer portal configuration"): colors,
 * warranties, shingles and the roof system (layers and products) of the
 * public GAF portal. Beyond the spec: reactivation (ADR 015) and ordering.
 */

export { headers } from "./admin-headers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { config: adminLoad(listGafConfig, GAF_TEXT.loadFailed) };
}

export const clientAction = adminClientAction;

export const action = adminAction({ schema: gafActionSchema, intents: gafIntents });

export function meta(): Route.MetaDescriptors {
  return [{ title: GAF_TEXT.title }, { name: "robots", content: "noindex" }];
}

const TABS = [
  { value: "colors", label: "Colors" },
  { value: "warranties", label: "Warranties" },
  { value: "shingles", label: "Shingles" },
  { value: "roof-system", label: "Roof System" },
] as const;

export default function GafConfiguration({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPage title={GAF_TEXT.title} description="What the public GAF portal shows. Changes appear on the website at once.">
      <AdminData resolve={loaderData.config} loadingText={GAF_TEXT.loading}>
        {(config) => (
          <Tabs defaultValue="colors">
            <TabsList className="flex-wrap">
              {TABS.map((tab) => (
                <TabsTrigger key={tab.value} value={tab.value}>
                  {tab.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="colors">
              <ColorsPanel rows={config.colors} />
            </TabsContent>
            <TabsContent value="warranties">
              <WarrantiesPanel rows={config.warranties} />
            </TabsContent>
            <TabsContent value="shingles">
              <ShinglesPanel rows={config.shingles} />
            </TabsContent>
            <TabsContent value="roof-system" className="grid gap-10">
              <section aria-labelledby="roof-layers-heading" className="grid gap-4">
                <h2 id="roof-layers-heading" className="text-2xl font-bold text-brand-navy">
                  Roof Layers
                </h2>
                <RoofLayersPanel rows={config.roofLayers} products={config.roofProducts} />
              </section>
              <section aria-labelledby="roof-products-heading" className="grid gap-4">
                <h2 id="roof-products-heading" className="text-2xl font-bold text-brand-navy">
                  Roof Products
                </h2>
                <RoofProductsPanel rows={config.roofProducts} layers={config.roofLayers} />
              </section>
            </TabsContent>
          </Tabs>
        )}
      </AdminData>
    </AdminPage>
  );
}
