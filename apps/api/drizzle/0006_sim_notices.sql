CREATE TABLE "subscriber_notices" (
	"key" text PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "call_below" integer;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "sms_below" integer;--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "data_below" integer;--> statement-breakpoint
ALTER TABLE "subscriber_notices" ADD CONSTRAINT "subscriber_notices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriber_notices_subscriber_idx" ON "subscriber_notices" USING btree ("subscriber_id","created_at");--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_quota_thresholds_nonnegative" CHECK (coalesce("subscribers"."call_below", 0) >= 0 and coalesce("subscribers"."sms_below", 0) >= 0 and coalesce("subscribers"."data_below", 0) >= 0);