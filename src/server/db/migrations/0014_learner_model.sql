CREATE TABLE "kc_evidence" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kc" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text NOT NULL,
	"question_id" text NOT NULL,
	"correct" boolean NOT NULL,
	"fraction" double precision NOT NULL,
	"known_before" double precision NOT NULL,
	"known_after" double precision NOT NULL,
	"recall_before" double precision NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kc_states" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kc" text NOT NULL,
	"known" double precision NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"card" jsonb NOT NULL,
	"last_answer_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kc_states_user_id_kc_pk" PRIMARY KEY("user_id","kc")
);
--> statement-breakpoint
ALTER TABLE "kc_evidence" ADD CONSTRAINT "kc_evidence_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kc_evidence" ADD CONSTRAINT "kc_evidence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kc_states" ADD CONSTRAINT "kc_states_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kc_states" ADD CONSTRAINT "kc_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "kc_evidence_answer_uq" ON "kc_evidence" USING btree ("user_id","kc","source","source_id","question_id");--> statement-breakpoint
CREATE INDEX "kc_evidence_user_kc_idx" ON "kc_evidence" USING btree ("user_id","kc","answered_at");--> statement-breakpoint
CREATE INDEX "kc_evidence_tenant_kc_idx" ON "kc_evidence" USING btree ("tenant_id","kc");--> statement-breakpoint
CREATE INDEX "kc_states_tenant_kc_idx" ON "kc_states" USING btree ("tenant_id","kc");