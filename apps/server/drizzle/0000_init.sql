CREATE TABLE "banners" (
	"banner_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"banner_image" text NOT NULL,
	"banner_image_mobile" text,
	"banner_image_laptop" text,
	"link" text,
	"isactive" boolean DEFAULT true NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"image" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogs_title_key" UNIQUE("title")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filename_download" text NOT NULL,
	"title" text,
	"type" text NOT NULL,
	"filesize" integer NOT NULL,
	"width" integer,
	"height" integer,
	"data" "bytea" NOT NULL,
	"uploaded_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"directus_files_id" text NOT NULL,
	"title" text,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"shop" text NOT NULL,
	"catalog" text NOT NULL,
	"price_paise" integer NOT NULL,
	"market_price_paise" integer,
	"thumbnail_image" text NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"size_description" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"rating" numeric(2, 1),
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_quantity_check" CHECK ("items"."quantity" >= 0),
	CONSTRAINT "items_price_check" CHECK ("items"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"sale_id" serial PRIMARY KEY NOT NULL,
	"sale_name" text NOT NULL,
	"tag_name" text NOT NULL,
	"banner_image" text,
	"banner_image_mobile" text,
	"banner_image_laptop" text,
	"active_from" timestamp with time zone DEFAULT now() NOT NULL,
	"active_till" timestamp with time zone NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"value" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"auth_provider" text DEFAULT 'local' NOT NULL,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'ssd_admin')),
	CONSTRAINT "users_auth_provider_check" CHECK ("users"."auth_provider" in ('local', 'google'))
);
--> statement-breakpoint
ALTER TABLE "item_images" ADD CONSTRAINT "item_images_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_shop_shops_value_fk" FOREIGN KEY ("shop") REFERENCES "public"."shops"("value") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_catalog_catalogs_title_fk" FOREIGN KEY ("catalog") REFERENCES "public"."catalogs"("title") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "item_images_item_idx" ON "item_images" USING btree ("item_id","sort");--> statement-breakpoint
CREATE INDEX "items_shop_created_idx" ON "items" USING btree ("shop","created_on");--> statement-breakpoint
CREATE INDEX "items_catalog_idx" ON "items" USING btree ("catalog");--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("price_paise");--> statement-breakpoint
CREATE INDEX "items_created_idx" ON "items" USING btree ("created_on");--> statement-breakpoint
CREATE INDEX "items_tags_idx" ON "items" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "sales_active_idx" ON "sales" USING btree ("active_till");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");