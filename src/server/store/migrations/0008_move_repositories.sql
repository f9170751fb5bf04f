CREATE TABLE "move_repositories" (
	"move_id" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"step" text NOT NULL,
	"repository" jsonb NOT NULL,
	CONSTRAINT "move_repositories_move_id_name_pk" PRIMARY KEY("move_id","name")
);
--> statement-breakpoint
ALTER TABLE "moves" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waves" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "move_repositories" ADD CONSTRAINT "move_repositories_move_id_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."moves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Moves written before this migration: their repositories out of the jsonb into rows, in their order.
INSERT INTO "move_repositories" ("move_id", "name", "position", "step", "repository")
SELECT "moves"."id", "entry"."value"->>'name', ("entry"."ordinality" - 1)::integer, "entry"."value"->>'step', "entry"."value"
FROM "moves", jsonb_array_elements(COALESCE("moves"."move"->'repositories', '[]'::jsonb)) WITH ORDINALITY AS "entry"("value", "ordinality");--> statement-breakpoint
UPDATE "moves" SET "move" = "move" - 'repositories';
