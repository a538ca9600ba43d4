CREATE TYPE "public"."lender_integration" AS ENUM('sandbox', 'http');--> statement-breakpoint
CREATE TYPE "public"."offer_status" AS ENUM('offered', 'accepted', 'expired', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."recipient_status" AS ENUM('pending', 'offered', 'declined');--> statement-breakpoint
CREATE TABLE "offer_rejections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"lender_id" uuid NOT NULL,
	"terms" jsonb NOT NULL,
	"violations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"lender_id" uuid NOT NULL,
	"status" "offer_status" DEFAULT 'offered' NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"months" integer NOT NULL,
	"nominal_rate" numeric(9, 6) NOT NULL,
	"opening_fee" numeric(12, 2) NOT NULL,
	"monthly_fee" numeric(12, 2) NOT NULL,
	"fee_financed" boolean NOT NULL,
	"monthly_payment" numeric(12, 2) NOT NULL,
	"apr" double precision NOT NULL,
	"total_cost" numeric(12, 2) NOT NULL,
	"total_payable" numeric(12, 2) NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"secci_url" text,
	"lender_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"lender_notified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "application_recipients" ADD COLUMN "status" "recipient_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_recipients" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_recipients" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_recipients" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "first_offers_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "all_answered_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "offer_notifications" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "integration" "lender_integration" DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "criteria" jsonb NOT NULL DEFAULT '{"products":["consumer-loan"],"minAmount":1000,"maxAmount":50000,"minMonths":12,"maxMonths":180,"minAge":20,"minNetIncome":1000,"employmentTypes":["permanent","temporary","part-time","entrepreneur","retired"],"acceptsPaymentDefaults":false}'::jsonb;--> statement-breakpoint
ALTER TABLE "lenders" ALTER COLUMN "criteria" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "filtering" jsonb NOT NULL DEFAULT '{"acceptingApplications":true,"excludedPurposes":[]}'::jsonb;--> statement-breakpoint
ALTER TABLE "lenders" ALTER COLUMN "filtering" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "sandbox" jsonb;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "endpoint_url" text;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "signing_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "lenders" ADD COLUMN "api_key_hash" text;--> statement-breakpoint
ALTER TABLE "offer_rejections" ADD CONSTRAINT "offer_rejections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_rejections" ADD CONSTRAINT "offer_rejections_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_lender_id_lenders_id_fk" FOREIGN KEY ("lender_id") REFERENCES "public"."lenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_application_lender" ON "offers" USING btree ("application_id","lender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_one_accepted" ON "offers" USING btree ("application_id") WHERE "offers"."status" = 'accepted';--> statement-breakpoint
CREATE INDEX "application_recipients_lender" ON "application_recipients" USING btree ("lender_id","created_at");--> statement-breakpoint
ALTER TABLE "lenders" ADD CONSTRAINT "lenders_api_key_hash_unique" UNIQUE("api_key_hash");