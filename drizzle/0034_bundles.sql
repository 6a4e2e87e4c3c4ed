ALTER TYPE "public"."product_kind" ADD VALUE 'bundle';--> statement-breakpoint
CREATE TABLE "bundle_items" (
	"bundle_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_items_bundle_id_product_id_pk" PRIMARY KEY("bundle_id","product_id"),
	CONSTRAINT "bundle_items_not_itself" CHECK ("bundle_items"."bundle_id" <> "bundle_items"."product_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "includes" jsonb;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_bundle_id_products_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_items" ADD CONSTRAINT "bundle_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_items_product_id_idx" ON "bundle_items" USING btree ("product_id");