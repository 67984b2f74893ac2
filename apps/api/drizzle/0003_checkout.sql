CREATE SEQUENCE "public"."invoice_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "balance_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"type" text NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"description" text NOT NULL,
	"order_id" uuid,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balance_transactions_amount_positive" CHECK ("balance_transactions"."amount" > 0),
	CONSTRAINT "balance_transactions_type_valid" CHECK ("balance_transactions"."type" in ('debit','credit'))
);
--> statement-breakpoint
CREATE TABLE "gateway_events" (
	"gateway" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"reference" text NOT NULL,
	"amount" integer,
	"currency" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"outcome" text,
	CONSTRAINT "gateway_events_gateway_event_id_pk" PRIMARY KEY("gateway","event_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"public_token" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"content" jsonb NOT NULL,
	"total" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"plan_id" uuid,
	"price_id" uuid,
	"addon_id" uuid,
	"sim_id" uuid,
	"sim" text,
	"period_days" integer,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"total" integer NOT NULL,
	"details" jsonb,
	"fulfilled_at" timestamp with time zone,
	CONSTRAINT "order_lines_money_nonnegative" CHECK ("order_lines"."unit_price" >= 0 and "order_lines"."total" >= 0 and "order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"email" text NOT NULL,
	"description" text NOT NULL,
	"subtotal" integer NOT NULL,
	"sim_cards" integer DEFAULT 0 NOT NULL,
	"shipping" integer DEFAULT 0 NOT NULL,
	"tax_rate_bps" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"surcharge_bps" integer DEFAULT 0 NOT NULL,
	"surcharge" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"shipping_address" jsonb,
	"shipping_method" jsonb,
	"carrier" text,
	"tracking_number" text,
	"reseller_code" text,
	"referrer_id" uuid,
	"access_token_hash" text NOT NULL,
	"request_id" uuid NOT NULL,
	"paid_payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('pending','unpaid','paid','processing','shipped','delivered','canceled','refunded')),
	CONSTRAINT "orders_money_nonnegative" CHECK ("orders"."subtotal" >= 0 and "orders"."sim_cards" >= 0 and "orders"."shipping" >= 0 and "orders"."tax" >= 0 and "orders"."surcharge" >= 0 and "orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"customer_ref" text NOT NULL,
	"method_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name_on_card" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"method" text NOT NULL,
	"type" text DEFAULT 'debit' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_id" uuid,
	"gateway_reference" text,
	"refund_of" uuid,
	"saved_card_id" uuid,
	"save_card" boolean DEFAULT false NOT NULL,
	"next_action" jsonb,
	"failure_code" text,
	"failure_message" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_amount_nonnegative" CHECK ("payments"."amount" >= 0),
	CONSTRAINT "payments_type_valid" CHECK ("payments"."type" in ('debit','credit')),
	CONSTRAINT "payments_status_valid" CHECK ("payments"."status" in ('pending','requires_action','succeeded','failed','canceled','refunded'))
);
--> statement-breakpoint
CREATE TABLE "reseller_accounts" (
	"reseller_id" uuid PRIMARY KEY NOT NULL,
	"subscriber_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"reference" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"failure_code" text,
	"last4" text,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"charge_reference" text NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balance_transactions" ADD CONSTRAINT "balance_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referrer_id_subscribers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_accounts" ADD CONSTRAINT "reseller_accounts_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_accounts" ADD CONSTRAINT "reseller_accounts_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "balance_transactions_source_key" ON "balance_transactions" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "balance_transactions_subscriber_idx" ON "balance_transactions" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_key" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_public_token_key" ON "invoices" USING btree ("public_token");--> statement-breakpoint
CREATE INDEX "invoices_subscriber_idx" ON "invoices" USING btree ("subscriber_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_order_position_key" ON "order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_subscriber_request_key" ON "orders" USING btree ("subscriber_id","request_id");--> statement-breakpoint
CREATE INDEX "orders_subscriber_created_idx" ON "orders" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_gateway_ref_key" ON "payment_methods" USING btree ("gateway","method_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" USING btree ("subscriber_id") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "payment_methods_subscriber_idx" ON "payment_methods" USING btree ("subscriber_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_reference_key" ON "payments" USING btree ("gateway","type","gateway_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_request_key" ON "payments" USING btree ("order_id","request_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payments_subscriber_created_idx" ON "payments" USING btree ("subscriber_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_open_idx" ON "payments" USING btree ("status") WHERE "payments"."status" in ('pending','requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_charges_idempotency_key" ON "sandbox_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_charges_order_idx" ON "sandbox_charges" USING btree ("order_id");--> statement-breakpoint
-- Card links of the auto flags (columns from 0001_accounts): a deleted card switches its flags off.
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_auto_renew_payment_method_fk" FOREIGN KEY ("auto_renew_payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_auto_top_up_payment_method_fk" FOREIGN KEY ("auto_top_up_payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_auto_extend_payment_method_fk" FOREIGN KEY ("auto_extend_payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;
