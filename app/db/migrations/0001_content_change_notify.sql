-- Tell every app instance when public content changes, so page and settings
-- caches are cleared (app/lib/content-changes.server.ts LISTENs on the channel).
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  content_table text;
BEGIN
  FOREACH content_table IN ARRAY ARRAY[
    'cms_site_settings', 'cms_services', 'cms_team_members', 'cms_pages', 'cms_content_blocks',
    'cms_gallery_projects', 'google_reviews', 'gaf_colors', 'gaf_warranties', 'gaf_shingles',
    'gaf_roof_layers', 'gaf_roof_products'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed()',
      content_table || '_content_changed', content_table
    );
  END LOOP;
END;
$$;
