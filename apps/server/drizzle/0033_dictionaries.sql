CREATE TABLE "dict_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dict_name" text NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"numeric" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"color" text,
	"fixed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dict_seeded_items" (
	"dict_name" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dict_seeded_items_dict_name_value_pk" PRIMARY KEY("dict_name","value")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dict_items_name_value_idx" ON "dict_items" USING btree ("dict_name","value");