ALTER TABLE "credit_notes" ADD COLUMN "document" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_document" jsonb;