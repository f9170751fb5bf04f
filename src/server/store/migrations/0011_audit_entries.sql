CREATE TABLE "audit_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"genesis_seq" bigint NOT NULL,
	"genesis_hash" text NOT NULL,
	"head_seq" bigint NOT NULL,
	"head_hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_entries" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"role" text NOT NULL,
	"action" text NOT NULL,
	"target" text NOT NULL,
	"outcome" text NOT NULL,
	"request_id" text NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_entries_at" ON "audit_entries" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_seq" ON "audit_entries" USING btree ("actor","seq");