ALTER TABLE "watch_snapshots" ADD COLUMN "poller" text;--> statement-breakpoint
ALTER TABLE "watch_snapshots" ADD COLUMN "lease_until" timestamp with time zone;