-- Custom SQL migration file, put your code below! --
-- The GST inside revenue (issue 32: the dashboard shows revenue net of GST, and the GST beside it),
-- kept by the rollup triggers exactly like revenue (0006, 0019): the GST of a sale still paid or
-- fulfilled, less the GST its credit notes reversed, on the sale's IST day.
CREATE OR REPLACE FUNCTION order_stats_apply(o orders, s int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE d date; credited bigint; credited_gst bigint;
BEGIN
  IF o.paid_at IS NULL OR o.status NOT IN ('paid', 'fulfilled', 'refunded') THEN RETURN; END IF;
  d := ist_day(o.paid_at);
  PERFORM stats_bump('sales', d, s);
  IF o.total_paise > 0 THEN PERFORM stats_bump('chargeable', d, s); END IF;
  IF o.status IN ('paid', 'fulfilled') THEN
    SELECT coalesce(sum(total_paise), 0), coalesce(sum(cgst_paise + sgst_paise + igst_paise), 0)
      INTO credited, credited_gst FROM credit_notes WHERE order_id = o.id;
    PERFORM stats_bump('revenue', d, s::bigint * (o.total_paise - credited));
    PERFORM stats_bump('gst', d, s::bigint * (o.gst_paise - credited_gst));
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
    PERFORM stats_bump('gst', ist_day(o.paid_at), -(NEW.cgst_paise + NEW.sgst_paise + NEW.igst_paise)::bigint);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Backfill: the GST of the sales already made, counted as the triggers would have.
DELETE FROM stats_daily WHERE metric = 'gst';
--> statement-breakpoint
INSERT INTO stats_daily (metric, day, value)
SELECT 'gst', ist_day(o.paid_at), sum(o.gst_paise - coalesce(c.gst, 0))
FROM orders o
LEFT JOIN (SELECT order_id, sum(cgst_paise + sgst_paise + igst_paise) AS gst FROM credit_notes GROUP BY order_id) c
  ON c.order_id = o.id
WHERE o.paid_at IS NOT NULL AND o.status IN ('paid', 'fulfilled')
GROUP BY 2
HAVING sum(o.gst_paise - coalesce(c.gst, 0)) <> 0;
