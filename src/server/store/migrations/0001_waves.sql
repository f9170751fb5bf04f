CREATE TABLE "wave_batches" (
	"wave_id" text NOT NULL,
	"batch_id" integer NOT NULL,
	"parent_id" integer,
	"repos" jsonb NOT NULL,
	"size_kb" bigint NOT NULL,
	"state" text NOT NULL,
	"attempts" integer NOT NULL,
	"migration_id" integer,
	"start_requested_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"exported_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"file" text,
	"bytes" bigint,
	"sha256" text,
	"verification" jsonb,
	"error" text,
	"unlocked" boolean DEFAULT false NOT NULL,
	"github_copy_deleted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "wave_batches_wave_id_batch_id_pk" PRIMARY KEY("wave_id","batch_id")
);
--> statement-breakpoint
CREATE TABLE "waves" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"owner" jsonb NOT NULL,
	"filters" jsonb NOT NULL,
	"caps" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"isolated" jsonb NOT NULL,
	"starts_sent" integer NOT NULL,
	"requests" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wave_batches" ADD CONSTRAINT "wave_batches_wave_id_waves_id_fk" FOREIGN KEY ("wave_id") REFERENCES "public"."waves"("id") ON DELETE cascade ON UPDATE no action;