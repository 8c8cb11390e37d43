CREATE TABLE "gst_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"up_to_unit_price_paise" integer,
	"rate_percent" numeric(5, 2) NOT NULL,
	"source" text NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gst_rates_rate_check" CHECK ("gst_rates"."rate_percent" >= 0 and "gst_rates"."rate_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "reservation_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"item_id" integer,
	"title" text NOT NULL,
	"thumbnail_image" text NOT NULL,
	"selling_price_paise" integer NOT NULL,
	"original_price_paise" integer NOT NULL,
	"quantity" integer NOT NULL,
	"gst_rate_percent" numeric(5, 2) NOT NULL,
	"gst_amount_paise" integer NOT NULL,
	CONSTRAINT "reservation_lines_quantity_check" CHECK ("reservation_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"release_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"total_sp_paise" integer NOT NULL,
	"total_cp_paise" integer NOT NULL,
	"gst_total_paise" integer NOT NULL,
	"delivery_charge_paise" integer NOT NULL,
	"platform_fee_paise" integer NOT NULL,
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('held', 'released', 'sold'))
);
--> statement-breakpoint
ALTER TABLE "reservation_lines" ADD CONSTRAINT "reservation_lines_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservation_lines" ADD CONSTRAINT "reservation_lines_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gst_rates_shop_bound_key" ON "gst_rates" USING btree ("shop",coalesce("up_to_unit_price_paise", 2147483647));--> statement-breakpoint
CREATE INDEX "reservation_lines_reservation_idx" ON "reservation_lines" USING btree ("reservation_id");--> statement-breakpoint
CREATE INDEX "reservation_lines_item_idx" ON "reservation_lines" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_held_per_user_key" ON "reservations" USING btree ("user_id") WHERE "reservations"."status" = 'held';--> statement-breakpoint
CREATE INDEX "reservations_held_expiry_idx" ON "reservations" USING btree ("expires_at") WHERE "reservations"."status" = 'held';--> statement-breakpoint
-- The rates in force since 22 September 2025 (docs/decisions/0020-gst-and-fees.md); staff may change them.
INSERT INTO "gst_rates" ("shop", "up_to_unit_price_paise", "rate_percent", "source") VALUES
  ('fabrics', 250000, 5.00, 'Textiles and apparel up to Rs 2,500 a piece: 5% (GST Council, 56th meeting; rates from 22 Sep 2025)'),
  ('fabrics', NULL, 18.00, 'Textiles and apparel above Rs 2,500 a piece: 18% (GST Council, 56th meeting; rates from 22 Sep 2025)'),
  ('jewel', NULL, 3.00, 'Gold and silver jewellery: 3% (unchanged by the 22 Sep 2025 revision)');
