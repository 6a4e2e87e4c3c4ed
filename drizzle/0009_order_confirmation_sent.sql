ALTER TABLE "orders" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_claimed_at" timestamp with time zone;--> statement-breakpoint
-- Orders fulfilled before this column existed had their confirmation sent then.
UPDATE "orders" SET "confirmation_sent_at" = coalesce("fulfilled_at", "paid_at", "created_at") WHERE "status" IN ('fulfilled', 'refunded');
