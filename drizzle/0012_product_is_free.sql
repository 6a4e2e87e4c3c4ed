ALTER TABLE "products" ADD COLUMN "is_free" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Items already on sale (or archived) at ₹0 were offered free on purpose: keep them so. A draft at ₹0
-- has no price yet, and publishing it asks for one or the Free box (catalog/publishing.server.ts).
UPDATE "products" SET "is_free" = true WHERE "price_paise" = 0 AND "status" <> 'draft';
