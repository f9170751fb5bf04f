CREATE TABLE "write_pace" (
	"account" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
