CREATE TABLE "add_on_plans" (
	"add_on_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	CONSTRAINT "add_on_plans_add_on_id_plan_id_pk" PRIMARY KEY("add_on_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"call_minutes" integer DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	"bandwidth" integer DEFAULT 0 NOT NULL,
	"price" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_ons_code_key" UNIQUE("code"),
	CONSTRAINT "add_ons_amounts_nonnegative" CHECK ("add_ons"."call_minutes" >= 0 and "add_ons"."sms" >= 0 and "add_ons"."bandwidth" >= 0),
	CONSTRAINT "add_ons_price_nonnegative" CHECK ("add_ons"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "international_rates" (
	"country" char(2) PRIMARY KEY NOT NULL,
	"country_name" text NOT NULL,
	"dial_code" text NOT NULL,
	"voice_rate" integer NOT NULL,
	"sms_rate" integer NOT NULL,
	"unlimited_calls" boolean DEFAULT false NOT NULL,
	"included_minutes" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "international_rates_country_format" CHECK ("international_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "international_rates_nonnegative" CHECK ("international_rates"."voice_rate" >= 0 and "international_rates"."sms_rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plan_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_categories_slug_key" UNIQUE("slug"),
	CONSTRAINT "plan_categories_name_key" UNIQUE("name"),
	CONSTRAINT "plan_categories_slug_format" CHECK ("plan_categories"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
CREATE TABLE "plan_pricing" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"price" integer NOT NULL,
	"period_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_pricing_plan_id_period_days_key" UNIQUE("plan_id","period_days"),
	CONSTRAINT "plan_pricing_price_nonnegative" CHECK ("plan_pricing"."price" >= 0),
	CONSTRAINT "plan_pricing_period_days_positive" CHECK ("plan_pricing"."period_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sim_source_type" text NOT NULL,
	"data_mb" integer,
	"voice_minutes" integer,
	"sms" integer,
	"validity_days" integer NOT NULL,
	"international_minutes" integer DEFAULT 0 NOT NULL,
	"unlimited_international_calls" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_code_key" UNIQUE("code"),
	CONSTRAINT "plans_sim_source_type_format" CHECK ("plans"."sim_source_type" ~ '^[a-z][a-z0-9_]*$'),
	CONSTRAINT "plans_quotas_nonnegative" CHECK (coalesce("plans"."data_mb", 0) >= 0 and coalesce("plans"."voice_minutes", 0) >= 0 and coalesce("plans"."sms", 0) >= 0),
	CONSTRAINT "plans_validity_days_positive" CHECK ("plans"."validity_days" > 0),
	CONSTRAINT "plans_international_minutes_nonnegative" CHECK ("plans"."international_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "resellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_code_key" UNIQUE("code"),
	CONSTRAINT "resellers_code_format" CHECK ("resellers"."code" ~ '^[A-Z0-9-]{3,32}$')
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" char(2) NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"business_days" boolean DEFAULT true NOT NULL,
	"price" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_rates_country_code_key" UNIQUE("country","code"),
	CONSTRAINT "shipping_rates_country_format" CHECK ("shipping_rates"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "shipping_rates_days_range" CHECK ("shipping_rates"."min_days" >= 0 and "shipping_rates"."max_days" >= "shipping_rates"."min_days"),
	CONSTRAINT "shipping_rates_price_nonnegative" CHECK ("shipping_rates"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "add_on_plans" ADD CONSTRAINT "add_on_plans_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "add_on_plans" ADD CONSTRAINT "add_on_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_pricing" ADD CONSTRAINT "plan_pricing_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_category_id_plan_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."plan_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "add_on_plans_plan_id_idx" ON "add_on_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "plans_category_id_idx" ON "plans" USING btree ("category_id","sort_order");