CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" text NOT NULL,
	"session_count" integer NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"url" text NOT NULL,
	"referrer" text,
	"title" text NOT NULL,
	"language" text NOT NULL,
	"screen_width" integer NOT NULL,
	"screen_height" integer NOT NULL,
	"viewport_width" integer NOT NULL,
	"viewport_height" integer NOT NULL,
	"data" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_events_type_received" ON "analytics_events" USING btree ("type","received_at");--> statement-breakpoint
CREATE INDEX "analytics_events_session" ON "analytics_events" USING btree ("session_id");