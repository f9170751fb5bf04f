CREATE TABLE "author_drafts" (
	"import_key" text NOT NULL,
	"author_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" text NOT NULL,
	CONSTRAINT "author_drafts_import_key_author_id_pk" PRIMARY KEY("import_key","author_id")
);
--> statement-breakpoint
CREATE TABLE "rate_samples" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"resource" text NOT NULL,
	"limit" integer NOT NULL,
	"remaining" integer NOT NULL,
	"used" integer NOT NULL,
	"reset" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"downsampled" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recent_items" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recent_items_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "timeline_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"state" text NOT NULL,
	"actor" text NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "unlocks" (
	"owner" text NOT NULL,
	"migration_id" integer NOT NULL,
	"repo_name" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	CONSTRAINT "unlocks_owner_migration_id_repo_name_pk" PRIMARY KEY("owner","migration_id","repo_name")
);
--> statement-breakpoint
CREATE TABLE "watch_snapshots" (
	"path" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"etag" text,
	"body" jsonb NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"terminal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_samples_resource_at" ON "rate_samples" USING btree ("resource","at");--> statement-breakpoint
CREATE INDEX "recent_opened" ON "recent_items" USING btree ("opened_at");--> statement-breakpoint
CREATE INDEX "timeline_subject_at" ON "timeline_events" USING btree ("subject","at");--> statement-breakpoint
CREATE INDEX "timeline_at" ON "timeline_events" USING btree ("at");