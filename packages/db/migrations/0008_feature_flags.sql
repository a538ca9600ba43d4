CREATE TABLE "flag_features" (
	"environment" text NOT NULL,
	"key" text NOT NULL,
	"value_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"definition" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "flag_revisions" (
	"environment" text PRIMARY KEY NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_saved_groups" (
	"environment" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"attribute_key" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flag_sdk_connections" (
	"client_key" text PRIMARY KEY NOT NULL,
	"environment" text NOT NULL,
	"remote_eval" boolean DEFAULT false NOT NULL,
	"encryption_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "flag_features_environment_key" ON "flag_features" USING btree ("environment","key");--> statement-breakpoint
CREATE UNIQUE INDEX "flag_saved_groups_environment_id" ON "flag_saved_groups" USING btree ("environment","id");