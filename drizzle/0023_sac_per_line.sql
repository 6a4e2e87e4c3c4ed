ALTER TABLE "order_items" ADD COLUMN "sac_code" text DEFAULT '999293' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sac_code_notes" text DEFAULT '999293' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sac_code_tests" text DEFAULT '999293' NOT NULL;--> statement-breakpoint
-- hand-written: an existing install printed its one SAC setting on every line; each kind of product
-- keeps it until the owner chooses another in Settings.
UPDATE "settings" SET "sac_code_notes" = "sac_code", "sac_code_tests" = "sac_code";
--> statement-breakpoint
-- hand-written: the lines sold so far printed that code: it becomes their snapshot.
UPDATE "order_items" SET "sac_code" = (SELECT "sac_code" FROM "settings" WHERE "id" = 1)
WHERE EXISTS (SELECT 1 FROM "settings" WHERE "id" = 1);
