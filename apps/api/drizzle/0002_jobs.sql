CREATE TABLE "job_schedule_slots" (
	"job" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_schedule_slots_job_slot_start_pk" PRIMARY KEY("job","slot_start")
);
