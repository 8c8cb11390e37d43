CREATE TABLE "order_payment_attempts" (
	"provider_order_id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_payment_attempts" ADD CONSTRAINT "order_payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_payment_attempts_order_idx" ON "order_payment_attempts" USING btree ("order_id");--> statement-breakpoint
-- Orders placed before retries existed had one provider order each.
INSERT INTO "order_payment_attempts" ("provider_order_id", "order_id", "amount_paise", "created_at")
SELECT "provider_order_id", "id", "amount_paise", "created_at" FROM "orders" WHERE "provider_order_id" IS NOT NULL
ON CONFLICT DO NOTHING;
