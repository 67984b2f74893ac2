CREATE TABLE "add_on_translations" (
	"add_on_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"name" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_on_translations_add_on_id_locale_pk" PRIMARY KEY("add_on_id","locale"),
	CONSTRAINT "add_on_translations_locale_format" CHECK ("add_on_translations"."locale" ~ '^[a-z]{2,3}(-[A-Z][A-Za-z0-9]{1,7})?$' and "add_on_translations"."locale" <> 'en')
);
--> statement-breakpoint
CREATE TABLE "plan_category_translations" (
	"category_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"name" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_category_translations_category_id_locale_pk" PRIMARY KEY("category_id","locale"),
	CONSTRAINT "plan_category_translations_locale_format" CHECK ("plan_category_translations"."locale" ~ '^[a-z]{2,3}(-[A-Z][A-Za-z0-9]{1,7})?$' and "plan_category_translations"."locale" <> 'en')
);
--> statement-breakpoint
CREATE TABLE "plan_translations" (
	"plan_id" uuid NOT NULL,
	"locale" text NOT NULL,
	"name" text,
	"description" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_translations_plan_id_locale_pk" PRIMARY KEY("plan_id","locale"),
	CONSTRAINT "plan_translations_locale_format" CHECK ("plan_translations"."locale" ~ '^[a-z]{2,3}(-[A-Z][A-Za-z0-9]{1,7})?$' and "plan_translations"."locale" <> 'en')
);
--> statement-breakpoint
ALTER TABLE "add_on_translations" ADD CONSTRAINT "add_on_translations_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_category_translations" ADD CONSTRAINT "plan_category_translations_category_id_plan_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."plan_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_translations" ADD CONSTRAINT "plan_translations_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;