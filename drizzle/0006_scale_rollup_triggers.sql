-- Rollups for the admin screens (issue 8, Scale): kept exact by row triggers, so every
-- writer (checkout, webhook, refunds, admin grants, tests, scripts) updates them in its own
-- transaction. Then a backfill counts what was already there.
-- Definitions match app/features/admin/metrics.server.ts: a sale is an order paid, fulfilled or
-- refunded, dated by paid_at; revenue is the total of paid/fulfilled sales; days are IST days.

CREATE OR REPLACE FUNCTION ist_day(ts timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT ((ts AT TIME ZONE 'UTC') + interval '330 minutes')::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_bump(m text, d date, v bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF v = 0 OR d IS NULL THEN RETURN; END IF;
  INSERT INTO stats_daily (metric, day, value) VALUES (m, d, v)
  ON CONFLICT (metric, day) DO UPDATE SET value = stats_daily.value + excluded.value;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stats_total_bump(m text, v bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF v = 0 THEN RETURN; END IF;
  INSERT INTO stats_totals (metric, value) VALUES (m, v)
  ON CONFLICT (metric) DO UPDATE SET value = stats_totals.value + excluded.value;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_stats_apply(o orders, s int) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE d date;
BEGIN
  IF o.paid_at IS NULL OR o.status NOT IN ('paid', 'fulfilled', 'refunded') THEN RETURN; END IF;
  d := ist_day(o.paid_at);
  PERFORM stats_bump('sales', d, s);
  IF o.total_paise > 0 THEN PERFORM stats_bump('chargeable', d, s); END IF;
  IF o.status IN ('paid', 'fulfilled') THEN
    PERFORM stats_bump('revenue', d, s::bigint * o.total_paise);
    IF o.total_paise > 0 THEN PERFORM stats_bump('paid_orders', d, s); END IF;
  ELSIF o.total_paise > 0 THEN
    PERFORM stats_bump('refunded', d, s);
  END IF;
END $$;
--> statement-breakpoint
-- Recomputes one learner's row from their orders and enrolments (a few rows, by index).
CREATE OR REPLACE FUNCTION learner_stats_refresh(uid text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE ff timestamptz; fp timestamptz; live int;
BEGIN
  SELECT min(granted_at) FILTER (WHERE source = 'free'), count(*) FILTER (WHERE revoked_at IS NULL)
    INTO ff, live FROM enrolments WHERE user_id = uid;
  SELECT min(paid_at) INTO fp FROM orders
    WHERE user_id = uid AND status IN ('paid', 'fulfilled') AND total_paise > 0;
  IF ff IS NULL AND fp IS NULL AND live = 0 THEN
    DELETE FROM learner_stats WHERE user_id = uid;
  ELSE
    INSERT INTO learner_stats (user_id, first_free_at, first_paid_at, live_enrolments) VALUES (uid, ff, fp, live)
    ON CONFLICT (user_id) DO UPDATE SET first_free_at = excluded.first_free_at,
      first_paid_at = excluded.first_paid_at, live_enrolments = excluded.live_enrolments
    WHERE (learner_stats.first_free_at, learner_stats.first_paid_at, learner_stats.live_enrolments)
      IS DISTINCT FROM (excluded.first_free_at, excluded.first_paid_at, excluded.live_enrolments);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_stats_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- paid → fulfilled changes no figure: touch no rollup row (fewer locks in the checkout path).
  IF TG_OP = 'UPDATE' AND OLD.paid_at IS NOT DISTINCT FROM NEW.paid_at AND OLD.total_paise = NEW.total_paise
     AND OLD.user_id = NEW.user_id
     AND (OLD.status IN ('paid', 'fulfilled')) = (NEW.status IN ('paid', 'fulfilled'))
     AND (OLD.status = 'refunded') = (NEW.status = 'refunded') THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM order_stats_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM order_stats_apply(NEW, 1); END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM learner_stats_refresh(OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM learner_stats_refresh(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_stats AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION orders_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER orders_stats_update AFTER UPDATE OF status, paid_at, total_paise, user_id ON orders
FOR EACH ROW WHEN ((OLD.status, OLD.paid_at, OLD.total_paise, OLD.user_id) IS DISTINCT FROM (NEW.status, NEW.paid_at, NEW.total_paise, NEW.user_id))
EXECUTE FUNCTION orders_stats_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION enrolments_stats_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stats_bump('enrolments', ist_day(OLD.granted_at), -1);
    IF OLD.revoked_at IS NULL THEN
      PERFORM stats_total_bump('live_enrolments', -1);
      UPDATE product_stats SET live_enrolments = live_enrolments - 1 WHERE product_id = OLD.product_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM stats_bump('enrolments', ist_day(NEW.granted_at), 1);
    IF NEW.revoked_at IS NULL THEN
      PERFORM stats_total_bump('live_enrolments', 1);
      INSERT INTO product_stats (product_id, live_enrolments) VALUES (NEW.product_id, 1)
      ON CONFLICT (product_id) DO UPDATE SET live_enrolments = product_stats.live_enrolments + 1;
    END IF;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM learner_stats_refresh(OLD.user_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM learner_stats_refresh(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER enrolments_stats AFTER INSERT OR DELETE ON enrolments FOR EACH ROW EXECUTE FUNCTION enrolments_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER enrolments_stats_update AFTER UPDATE OF user_id, product_id, source, granted_at, revoked_at ON enrolments
FOR EACH ROW WHEN ((OLD.user_id, OLD.product_id, OLD.source, OLD.granted_at, OLD.revoked_at) IS DISTINCT FROM (NEW.user_id, NEW.product_id, NEW.source, NEW.granted_at, NEW.revoked_at))
EXECUTE FUNCTION enrolments_stats_trigger();
--> statement-breakpoint
-- Free learners are counted on the day of their first free item; conversions on the day both
-- a free item and a paid order exist; learners while they hold at least one live enrolment.
CREATE OR REPLACE FUNCTION learner_stats_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM stats_bump('free_learners', ist_day(OLD.first_free_at), -1);
    PERFORM stats_bump('converted', ist_day(greatest(OLD.first_free_at, OLD.first_paid_at)), CASE WHEN OLD.first_paid_at IS NOT NULL AND OLD.first_free_at IS NOT NULL THEN -1 ELSE 0 END);
    PERFORM stats_total_bump('learners', CASE WHEN OLD.live_enrolments > 0 THEN -1 ELSE 0 END);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM stats_bump('free_learners', ist_day(NEW.first_free_at), 1);
    PERFORM stats_bump('converted', ist_day(greatest(NEW.first_free_at, NEW.first_paid_at)), CASE WHEN NEW.first_paid_at IS NOT NULL AND NEW.first_free_at IS NOT NULL THEN 1 ELSE 0 END);
    PERFORM stats_total_bump('learners', CASE WHEN NEW.live_enrolments > 0 THEN 1 ELSE 0 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER learner_stats_changes AFTER INSERT OR UPDATE OR DELETE ON learner_stats FOR EACH ROW EXECUTE FUNCTION learner_stats_trigger();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION users_stats_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM stats_bump('users_' || OLD.role, ist_day(OLD.created_at), -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM stats_bump('users_' || NEW.role, ist_day(NEW.created_at), 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_stats AFTER INSERT OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_stats_trigger();
--> statement-breakpoint
CREATE TRIGGER users_stats_update AFTER UPDATE OF role, created_at ON users
FOR EACH ROW WHEN ((OLD.role, OLD.created_at) IS DISTINCT FROM (NEW.role, NEW.created_at))
EXECUTE FUNCTION users_stats_trigger();
--> statement-breakpoint
-- Backfill: count everything already in the database (learner_stats first, without its trigger's
-- per-row work, then the figures derived from it).
ALTER TABLE learner_stats DISABLE TRIGGER learner_stats_changes;
--> statement-breakpoint
INSERT INTO learner_stats (user_id, first_free_at, first_paid_at, live_enrolments)
SELECT user_id, min(ff), min(fp), sum(live)::int FROM (
  SELECT user_id, min(granted_at) FILTER (WHERE source = 'free') AS ff, NULL::timestamptz AS fp,
         count(*) FILTER (WHERE revoked_at IS NULL) AS live
  FROM enrolments GROUP BY user_id
  UNION ALL
  SELECT user_id, NULL, min(paid_at), 0 FROM orders
  WHERE status IN ('paid', 'fulfilled') AND total_paise > 0 GROUP BY user_id
) x GROUP BY user_id;
--> statement-breakpoint
ALTER TABLE learner_stats ENABLE TRIGGER learner_stats_changes;
--> statement-breakpoint
INSERT INTO stats_daily (metric, day, value)
SELECT metric, day, sum(value) FROM (
  SELECT unnest(ARRAY['sales', 'chargeable', 'revenue', 'paid_orders', 'refunded']) AS metric, day,
         unnest(ARRAY[sales, chargeable, revenue, paid_orders, refunded]) AS value
  FROM (
    SELECT ist_day(paid_at) AS day, count(*) AS sales,
           count(*) FILTER (WHERE total_paise > 0) AS chargeable,
           coalesce(sum(total_paise) FILTER (WHERE status IN ('paid', 'fulfilled')), 0) AS revenue,
           count(*) FILTER (WHERE status IN ('paid', 'fulfilled') AND total_paise > 0) AS paid_orders,
           count(*) FILTER (WHERE status = 'refunded' AND total_paise > 0) AS refunded
    FROM orders WHERE paid_at IS NOT NULL AND status IN ('paid', 'fulfilled', 'refunded')
    GROUP BY 1
  ) o
  UNION ALL
  SELECT 'enrolments', ist_day(granted_at), count(*) FROM enrolments GROUP BY 2
  UNION ALL
  SELECT 'users_' || role, ist_day(created_at), count(*) FROM users GROUP BY 1, 2
  UNION ALL
  SELECT 'free_learners', ist_day(first_free_at), count(*) FROM learner_stats WHERE first_free_at IS NOT NULL GROUP BY 2
  UNION ALL
  SELECT 'converted', ist_day(greatest(first_free_at, first_paid_at)), count(*) FROM learner_stats
  WHERE first_free_at IS NOT NULL AND first_paid_at IS NOT NULL GROUP BY 2
) s WHERE value <> 0 GROUP BY metric, day;
--> statement-breakpoint
INSERT INTO stats_totals (metric, value)
SELECT 'live_enrolments', count(*) FROM enrolments WHERE revoked_at IS NULL
UNION ALL
SELECT 'learners', count(*) FROM learner_stats WHERE live_enrolments > 0;
--> statement-breakpoint
INSERT INTO product_stats (product_id, live_enrolments)
SELECT product_id, count(*) FROM enrolments WHERE revoked_at IS NULL GROUP BY product_id;
--> statement-breakpoint
CREATE INDEX learner_stats_converted_idx ON learner_stats (greatest(first_free_at, first_paid_at)) WHERE first_free_at IS NOT NULL AND first_paid_at IS NOT NULL;
