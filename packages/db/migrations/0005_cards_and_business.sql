ALTER TYPE "public"."application_kind" ADD VALUE 'business-loan';--> statement-breakpoint
ALTER TYPE "public"."application_kind" ADD VALUE 'factoring';--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid,
	"text_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "business_id" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "company_name" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "card_type" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "example_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "annual_fee" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "grace_period_days" integer;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "personal_guarantee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_settings" ADD CONSTRAINT "product_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_notes_application" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_subject" ON "audit_log" USING btree ("subject_type","subject_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "applications_kind_created" ON "applications" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "applications_business_id" ON "applications" USING btree ("business_id");--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
	FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
