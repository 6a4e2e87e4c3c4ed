ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_order_id_unique";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "gateway_refund_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_notes_order_id_idx" ON "credit_notes" USING btree ("order_id","issued_at");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_gateway_refund_id_unique" UNIQUE("gateway_refund_id");--> statement-breakpoint
-- Orders refunded before partial refunds existed: every line went with the order, under its one credit note.
UPDATE "order_items" oi
  SET "refunded_at" = coalesce(o."refunded_at", o."updated_at"),
      "credit_note_id" = (SELECT cn."id" FROM "credit_notes" cn WHERE cn."order_id" = o."id" ORDER BY cn."issued_at" LIMIT 1)
  FROM "orders" o
  WHERE o."id" = oi."order_id" AND o."status" = 'refunded';
--> statement-breakpoint
-- Revenue (the rollups of 0006) counts an order still paid or fulfilled less what its credit notes
-- gave back: a partial refund lowers it on the order's day; the refund of the rest takes the order out.
CREATE OR REPLACE FUNCTION order_stats_apply(o orders, s int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE d date; credited bigint;
BEGIN
  IF o.paid_at IS NULL OR o.status NOT IN ('paid', 'fulfilled', 'refunded') THEN RETURN; END IF;
  d := ist_day(o.paid_at);
  PERFORM stats_bump('sales', d, s);
  IF o.total_paise > 0 THEN PERFORM stats_bump('chargeable', d, s); END IF;
  IF o.status IN ('paid', 'fulfilled') THEN
    SELECT coalesce(sum(total_paise), 0) INTO credited FROM credit_notes WHERE order_id = o.id;
    PERFORM stats_bump('revenue', d, s::bigint * (o.total_paise - credited));
    IF o.total_paise > 0 THEN PERFORM stats_bump('paid_orders', d, s); END IF;
  ELSIF o.total_paise > 0 THEN
    PERFORM stats_bump('refunded', d, s);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_notes_stats_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE o orders;
BEGIN
  SELECT * INTO o FROM orders WHERE id = NEW.order_id;
  IF o.paid_at IS NOT NULL AND o.status IN ('paid', 'fulfilled') THEN
    PERFORM stats_bump('revenue', ist_day(o.paid_at), -NEW.total_paise::bigint);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_notes_stats AFTER INSERT ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION credit_notes_stats_trigger();
