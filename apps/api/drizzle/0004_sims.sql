CREATE SCHEMA "carrier_sim";
--> statement-breakpoint
CREATE TABLE "carrier_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_id" uuid,
	"subscriber_id" uuid,
	"type" text NOT NULL,
	"request" jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"transaction_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "port_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"sim_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"mdn" text NOT NULL,
	"authorized_name" text NOT NULL,
	"account_number" text NOT NULL,
	"pin" text NOT NULL,
	"billing_address" text NOT NULL,
	"zip" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"reason" text,
	"action_id" uuid,
	"transaction_id" text,
	"submissions" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sim_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_id" uuid NOT NULL,
	"add_on_id" uuid NOT NULL,
	"data_mb" integer DEFAULT 0 NOT NULL,
	"voice_minutes" integer DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"action_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_plan_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"price_id" uuid,
	"source" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"days" integer NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"data_mb" integer,
	"voice_minutes" integer,
	"sms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_plan_periods_days_positive" CHECK ("sim_plan_periods"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "sims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid,
	"kind" text NOT NULL,
	"iccid" text NOT NULL,
	"esn" text,
	"mdn" text,
	"plan_id" uuid,
	"status" text DEFAULT 'inactive' NOT NULL,
	"zip" text,
	"activated_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"auto_extend" boolean DEFAULT false NOT NULL,
	"wifi_calling" boolean DEFAULT false NOT NULL,
	"e911_address" jsonb,
	"activation_code" text,
	"profile_installed_at" timestamp with time zone,
	"remaining_data_mb" integer,
	"remaining_voice_minutes" integer,
	"remaining_sms" integer,
	"balances_at" timestamp with time zone,
	"usage_cursor" text,
	"problem" text,
	"problem_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sim_id" uuid NOT NULL,
	"carrier_record_id" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"data_mb" integer NOT NULL,
	"voice_in_minutes" integer NOT NULL,
	"voice_out_minutes" integer NOT NULL,
	"voicemail_minutes" integer NOT NULL,
	"sms_in" integer NOT NULL,
	"sms_out" integer NOT NULL,
	"billable_units" integer NOT NULL,
	"usage_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_sim"."donor_accounts" (
	"mdn" text PRIMARY KEY NOT NULL,
	"carrier_name" text NOT NULL,
	"account_number" text NOT NULL,
	"pin" text NOT NULL,
	"authorized_name" text NOT NULL,
	"zip" text NOT NULL,
	"portable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_sim"."sims" (
	"iccid" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"esn" text,
	"smdp_address" text,
	"matching_id" text,
	"state" text DEFAULT 'available' NOT NULL,
	"reserved_for" text,
	"mdn" text,
	"zip" text,
	"plan_code" text,
	"plan_days" integer,
	"plan_started_at" timestamp with time zone,
	"plan_expires_at" timestamp with time zone,
	"data_mb" integer,
	"voice_minutes" integer,
	"sms" integer,
	"profile_installed_at" timestamp with time zone,
	"profile_version" integer DEFAULT 1 NOT NULL,
	"wifi_calling" boolean DEFAULT false NOT NULL,
	"e911" jsonb,
	"last_usage_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_sim_esim_profile" CHECK ("carrier_sim"."sims"."kind" = 'physical' or ("carrier_sim"."sims"."smdp_address" is not null and "carrier_sim"."sims"."matching_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "carrier_sim"."transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"type" text NOT NULL,
	"iccid" text,
	"request" jsonb NOT NULL,
	"status" text NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"reason" text,
	"result" jsonb,
	"callbacks_sent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_sim"."usage" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"iccid" text NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"data_mb" integer DEFAULT 0 NOT NULL,
	"voice_in_minutes" integer DEFAULT 0 NOT NULL,
	"voice_out_minutes" integer DEFAULT 0 NOT NULL,
	"voicemail_minutes" integer DEFAULT 0 NOT NULL,
	"sms_in" integer DEFAULT 0 NOT NULL,
	"sms_out" integer DEFAULT 0 NOT NULL,
	"billable_units" integer DEFAULT 0 NOT NULL,
	"usage_type" text DEFAULT 'domestic' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_actions" ADD CONSTRAINT "carrier_actions_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_actions" ADD CONSTRAINT "carrier_actions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_requests" ADD CONSTRAINT "port_requests_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "port_requests" ADD CONSTRAINT "port_requests_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_add_ons" ADD CONSTRAINT "sim_add_ons_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_add_ons" ADD CONSTRAINT "sim_add_ons_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_plan_periods" ADD CONSTRAINT "sim_plan_periods_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_plan_periods" ADD CONSTRAINT "sim_plan_periods_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_plan_periods" ADD CONSTRAINT "sim_plan_periods_price_id_plan_pricing_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."plan_pricing"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sims" ADD CONSTRAINT "sims_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_records" ADD CONSTRAINT "usage_records_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_actions_transaction_id_key" ON "carrier_actions" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "carrier_actions_sim_idx" ON "carrier_actions" USING btree ("sim_id","created_at");--> statement-breakpoint
CREATE INDEX "carrier_actions_open_idx" ON "carrier_actions" USING btree ("status") WHERE "carrier_actions"."status" in ('queued', 'sent');--> statement-breakpoint
CREATE INDEX "port_requests_subscriber_idx" ON "port_requests" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "port_requests_open_mdn_key" ON "port_requests" USING btree ("mdn") WHERE "port_requests"."status" in ('submitted', 'pending', 'resolution_required');--> statement-breakpoint
CREATE INDEX "sim_add_ons_sim_idx" ON "sim_add_ons" USING btree ("sim_id");--> statement-breakpoint
CREATE INDEX "sim_plan_periods_sim_idx" ON "sim_plan_periods" USING btree ("sim_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sims_iccid_key" ON "sims" USING btree ("iccid");--> statement-breakpoint
CREATE UNIQUE INDEX "sims_mdn_key" ON "sims" USING btree ("mdn");--> statement-breakpoint
CREATE INDEX "sims_subscriber_created_idx" ON "sims" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_records_carrier_key" ON "usage_records" USING btree ("sim_id","carrier_record_id");--> statement-breakpoint
CREATE INDEX "usage_records_sim_bucket_idx" ON "usage_records" USING btree ("sim_id","bucket_start");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_sim_sims_mdn_key" ON "carrier_sim"."sims" USING btree ("mdn");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_sim_sims_reserved_for_key" ON "carrier_sim"."sims" USING btree ("reserved_for");--> statement-breakpoint
CREATE INDEX "carrier_sim_sims_state_idx" ON "carrier_sim"."sims" USING btree ("state","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_sim_transactions_request_id_key" ON "carrier_sim"."transactions" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "carrier_sim_usage_iccid_idx" ON "carrier_sim"."usage" USING btree ("iccid","id");