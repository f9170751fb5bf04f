CREATE TABLE "inventories" (
	"scope" text NOT NULL,
	"name" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"facts" jsonb NOT NULL,
	CONSTRAINT "inventories_scope_name_pk" PRIMARY KEY("scope","name")
);
