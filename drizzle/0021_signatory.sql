ALTER TABLE "settings" ADD COLUMN "signatory_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "signature_image_key" text;