CREATE TABLE "item_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"item_id" integer NOT NULL,
	"order_id" text,
	"rating" smallint NOT NULL,
	"review" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_reviews_rating_check" CHECK ("item_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
DROP INDEX "items_catalog_idx";--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (ssd_item_search_vector(title, tags, catalog, shop, description, size_description)) STORED;--> statement-breakpoint
ALTER TABLE "item_reviews" ADD CONSTRAINT "item_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_reviews" ADD CONSTRAINT "item_reviews_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_reviews_item_created_idx" ON "item_reviews" USING btree ("item_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "item_reviews_user_item_order_key" ON "item_reviews" USING btree ("user_id","item_id","order_id");--> statement-breakpoint
CREATE INDEX "items_shop_price_idx" ON "items" USING btree ("shop","price_paise");--> statement-breakpoint
CREATE INDEX "items_catalog_created_idx" ON "items" USING btree ("catalog","created_on");--> statement-breakpoint
CREATE INDEX "items_catalog_price_idx" ON "items" USING btree ("catalog","price_paise");--> statement-breakpoint
CREATE INDEX "items_search_idx" ON "items" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "items_title_trgm_idx" ON "items" USING gin ("title" gin_trgm_ops);