-- Generated secrets (JWT_SECRET when the environment sets none), shared by every server on the database:
-- created once with INSERT ... ON CONFLICT DO NOTHING by whichever server starts first (src/db/secrets.ts).
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
