CREATE TABLE "credit_note_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"invoice_number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer NOT NULL,
	"sgst_paise" integer NOT NULL,
	"igst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "taxable_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cgst_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sgst_paise" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "igst_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cgst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sgst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "igst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "place_of_supply" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "supplier_state_code" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "seller_state_code" text DEFAULT '08' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sac_code" text DEFAULT '999293' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state_code" text;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_issued_at_idx" ON "credit_notes" USING btree ("issued_at");
--> statement-breakpoint
-- hand-written: the supplier's state of an existing install is the state code its GSTIN starts with.
UPDATE "settings" SET "seller_state_code" = left("seller_gstin", 2)
WHERE left("seller_gstin", 2) IN ('01','02','03','04','05','06','07','08','09','10','11','12','13','14','15','16',
  '17','18','19','20','21','22','23','24','26','27','29','30','31','32','33','34','35','36','37','38');
--> statement-breakpoint
-- hand-written: orders placed before the tax split. Their buyer's state was never asked, so the
-- place of supply is taken as the supplier's state (intra-state) and the stored GST is split into
-- CGST and SGST halves (the odd paisa to CGST). Their lines keep null tax columns: the invoice
-- works them out from the price and the order's discount (orders/orders.server.ts).
UPDATE "orders" SET
  "place_of_supply" = (SELECT "seller_state_code" FROM "settings" WHERE "id" = 1),
  "supplier_state_code" = (SELECT "seller_state_code" FROM "settings" WHERE "id" = 1),
  "cgst_paise" = "gst_paise" - "gst_paise" / 2,
  "sgst_paise" = "gst_paise" / 2
WHERE "place_of_supply" IS NULL AND "invoice_number" IS NOT NULL;
