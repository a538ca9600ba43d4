CREATE TYPE "public"."application_kind" AS ENUM('consumer-loan', 'credit-card');--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"hetu_encrypted" text,
	"hetu_hash" text,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"browser_token_hash" text NOT NULL,
	"user_id" uuid,
	"kind" "application_kind" NOT NULL,
	"step" text NOT NULL,
	"data_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "application_recipients" (
	"application_id" uuid NOT NULL,
	"lender_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "application_kind" NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount" integer NOT NULL,
	"period_months" integer NOT NULL,
	"purpose" text,
	"language" text DEFAULT 'fi' NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"anonymised_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_recipients" ADD CONSTRAINT "application_recipients_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_recipients" ADD CONSTRAINT "application_recipients_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_application_role" ON "applicants" USING btree ("application_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "application_drafts_browser_kind" ON "application_drafts" USING btree ("browser_token_hash","kind");--> statement-breakpoint
CREATE INDEX "application_drafts_user" ON "application_drafts" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_recipients_pair" ON "application_recipients" USING btree ("application_id","lender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_idempotency" ON "applications" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "applications_user" ON "applications" USING btree ("user_id","created_at");