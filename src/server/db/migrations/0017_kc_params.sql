CREATE TABLE "kc_params" (
	"tenant_id" uuid NOT NULL,
	"kc" text NOT NULL,
	"prior" double precision NOT NULL,
	"learn" double precision NOT NULL,
	"guess" double precision NOT NULL,
	"slip" double precision NOT NULL,
	"answers" integer NOT NULL,
	"students" integer NOT NULL,
	"log_likelihood" double precision NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kc_params_tenant_id_kc_pk" PRIMARY KEY("tenant_id","kc")
);
--> statement-breakpoint
ALTER TABLE "kc_params" ADD CONSTRAINT "kc_params_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;