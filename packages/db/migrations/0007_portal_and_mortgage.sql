ALTER TYPE "public"."application_kind" ADD VALUE 'mortgage';--> statement-breakpoint
ALTER TYPE "public"."lender_integration" ADD VALUE 'manual';--> statement-breakpoint
ALTER TYPE "public"."recipient_status" ADD VALUE 'processing';--> statement-breakpoint
ALTER TYPE "public"."recipient_status" ADD VALUE 'info-requested';--> statement-breakpoint
CREATE TABLE "identifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"mortgage_application_id" uuid,
	"method" text NOT NULL,
	"provider" text NOT NULL,
	"level" text NOT NULL,
	"hetu_hash" text NOT NULL,
	"identified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lender_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "lender_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "lender_filter_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lender_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"criteria" jsonb NOT NULL,
	"filtering" jsonb NOT NULL,
	"changed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mortgage_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"step" text NOT NULL,
	"has_co_applicant" boolean DEFAULT false NOT NULL,
	"data_encrypted" text NOT NULL,
	"callback_url" text,
	"redirection_url" text,
	"identification_id" uuid,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "traffic_source" text;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "previous_signing_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "previous_signing_secret_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "repayment_type" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "reference_rate" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "reference_rate_value" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "margin" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "fixed_period_years" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "esis" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lender_role" text;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identifications" ADD CONSTRAINT "identifications_mortgage_application_id_mortgage_applications_id_fk" FOREIGN KEY ("mortgage_application_id") REFERENCES "public"."mortgage_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_api_keys" ADD CONSTRAINT "lender_api_keys_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_filter_versions" ADD CONSTRAINT "lender_filter_versions_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_applications" ADD CONSTRAINT "mortgage_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mortgage_applications" ADD CONSTRAINT "mortgage_applications_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identifications_user" ON "identifications" USING btree ("user_id","identified_at");--> statement-breakpoint
CREATE INDEX "lender_api_keys_lender" ON "lender_api_keys" USING btree ("lender_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "lender_filter_versions_version" ON "lender_filter_versions" USING btree ("lender_id","version");--> statement-breakpoint
CREATE INDEX "mortgage_applications_user" ON "mortgage_applications" USING btree ("user_id","updated_at");--> statement-breakpoint
UPDATE "users" SET "lender_role" = 'lender-admin' WHERE "role" = 'lender';--> statement-breakpoint
INSERT INTO "lender_api_keys" ("lender_id", "name", "key_prefix", "key_hash") SELECT "id", 'API key', '', "api_key_hash" FROM "lenders" WHERE "api_key_hash" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_lender_role" CHECK (("users"."role" = 'lender') = ("users"."lender_role" is not null) and ("users"."lender_role" is null or "users"."lender_role" in ('lender-admin', 'lender-agent')));