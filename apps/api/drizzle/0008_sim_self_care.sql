CREATE TABLE "held_add_ons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"add_on_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"data_mb" integer DEFAULT 0 NOT NULL,
	"voice_minutes" integer DEFAULT 0 NOT NULL,
	"sms" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"sim_id" uuid,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "port_out_pin_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "port_out_pin_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sims" ADD COLUMN "port_out_pin_request_id" uuid;--> statement-breakpoint
ALTER TABLE "held_add_ons" ADD CONSTRAINT "held_add_ons_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_add_ons" ADD CONSTRAINT "held_add_ons_add_on_id_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."add_ons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_add_ons" ADD CONSTRAINT "held_add_ons_sim_id_sims_id_fk" FOREIGN KEY ("sim_id") REFERENCES "public"."sims"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "held_add_ons_order_line_key" ON "held_add_ons" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "held_add_ons_subscriber_idx" ON "held_add_ons" USING btree ("subscriber_id","created_at");