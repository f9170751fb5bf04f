CREATE TABLE "alert_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"target_id" text NOT NULL,
	"event" jsonb NOT NULL,
	"state" text NOT NULL,
	"attempts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_targets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"secret" text,
	"events" jsonb NOT NULL,
	"rate_threshold_percent" integer NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"paused_reason" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_target_id_alert_targets_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."alert_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_deliveries_target" ON "alert_deliveries" USING btree ("target_id","created_at");