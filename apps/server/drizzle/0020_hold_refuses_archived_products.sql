-- ssd_hold_stock (migration 0017) refuses a product staff archived (items.archived_at, decisions/0031) in
-- the same statement that takes its units, so a product archived after the reservation's prices were read
-- is never held: it answers as gone (DETAIL left null), like a product that no longer exists.
CREATE OR REPLACE FUNCTION ssd_hold_stock(
  p_user uuid,
  p_now timestamptz,
  p_expires timestamptz,
  p_total_sp integer,
  p_total_cp integer,
  p_gst_total integer,
  p_delivery_charge integer,
  p_platform_fee integer,
  p_lines jsonb
) RETURNS uuid
  LANGUAGE plpgsql AS $$
DECLARE
  v_replaced uuid[];
  v_reservation uuid;
  v_move record;
  v_left integer;
BEGIN
  -- One checkout at a time per shopper: the key of lockKeyForTransaction('reserve:user:<id>').
  PERFORM pg_advisory_xact_lock(hashtextextended('reserve:user:' || p_user::text, 0));

  WITH replaced AS (
    UPDATE reservations SET status = 'released', release_reason = 'replaced', ended_at = p_now
     WHERE user_id = p_user AND status = 'held' AND ordered_at IS NULL
    RETURNING id
  )
  SELECT coalesce(array_agg(id), '{}') INTO v_replaced FROM replaced;

  INSERT INTO reservations (user_id, created_at, expires_at, total_sp_paise, total_cp_paise, gst_total_paise, delivery_charge_paise, platform_fee_paise)
  VALUES (p_user, p_now, p_expires, p_total_sp, p_total_cp, p_gst_total, p_delivery_charge, p_platform_fee)
  RETURNING id INTO v_reservation;

  INSERT INTO reservation_lines (reservation_id, item_id, title, thumbnail_image, selling_price_paise, original_price_paise, quantity, gst_rate_percent, gst_amount_paise)
  SELECT v_reservation, l.item_id, l.title, l.thumbnail_image, l.selling_price_paise, l.original_price_paise, l.quantity, l.gst_rate_percent, l.gst_amount_paise
    FROM jsonb_to_recordset(p_lines) AS l(item_id integer, title text, thumbnail_image text, selling_price_paise integer,
         original_price_paise integer, quantity integer, gst_rate_percent numeric, gst_amount_paise integer);

  -- The replaced hold's units come back and the new one's go, netted per product, in product id order
  -- (as every stock move does, so two transactions never wait on each other in a circle).
  FOR v_move IN
    SELECT moves.item_id, sum(moves.delta)::integer AS delta
      FROM (
        SELECT item_id, quantity AS delta FROM reservation_lines WHERE reservation_id = ANY (v_replaced) AND item_id IS NOT NULL
        UNION ALL
        SELECT item_id, -quantity FROM reservation_lines WHERE reservation_id = v_reservation
      ) AS moves
     GROUP BY moves.item_id
    HAVING sum(moves.delta) <> 0
     ORDER BY moves.item_id
  LOOP
    -- Units are taken only from a product on sale; the units of a released hold return even to an archived one.
    UPDATE items SET quantity = quantity + v_move.delta
     WHERE id = v_move.item_id AND quantity + v_move.delta >= 0 AND (v_move.delta > 0 OR archived_at IS NULL);
    IF NOT FOUND THEN
      SELECT CASE WHEN archived_at IS NULL THEN quantity END INTO v_left FROM items WHERE id = v_move.item_id;
      RAISE EXCEPTION 'not enough stock of item %', v_move.item_id
        USING ERRCODE = 'SSD01', DETAIL = json_build_object('item_id', v_move.item_id, 'left', v_left)::text;
    END IF;
  END LOOP;

  RETURN v_reservation;
END;
$$;
