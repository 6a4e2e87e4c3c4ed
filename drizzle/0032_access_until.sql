ALTER TABLE "enrolments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "access_until" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "access_months" smallint;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_access_one_rule" CHECK ("products"."access_until" is null or "products"."access_months" is null);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_access_months_range" CHECK ("products"."access_months" is null or "products"."access_months" between 1 and 36);--> statement-breakpoint
-- hand-written:
-- What a user owns (issue 36): as in 0017, but an enrolment past its expires_at gives nothing (it stays
-- live for the unique index until a renewal or an extension moves it), nor the tests its course opens.
CREATE OR REPLACE FUNCTION owned_product_ids(uid text) RETURNS SETOF integer LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT e.product_id FROM enrolments e
     WHERE e.user_id = uid AND e.revoked_at IS NULL AND (e.expires_at IS NULL OR e.expires_at > now())
    UNION ALL
    SELECT l.test_product_id FROM lessons l
      JOIN enrolments e ON e.product_id = l.product_id AND e.user_id = uid AND e.revoked_at IS NULL
                       AND (e.expires_at IS NULL OR e.expires_at > now())
      JOIN products c ON c.id = l.product_id AND c.status <> 'draft'
     WHERE l.test_product_id IS NOT NULL;
END
$$;
