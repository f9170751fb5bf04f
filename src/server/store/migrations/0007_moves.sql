CREATE TABLE "moves" (
	"id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"move" jsonb NOT NULL
);
