CREATE TABLE "xapi_activities" (
	"tenant_id" uuid NOT NULL,
	"activity_id" text NOT NULL,
	"definition" jsonb NOT NULL,
	"updated" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xapi_attachments" (
	"tenant_id" uuid NOT NULL,
	"sha2" text NOT NULL,
	"content_type" text NOT NULL,
	"length" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "xapi_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"activity_id" text DEFAULT '' NOT NULL,
	"agent_key" text DEFAULT '' NOT NULL,
	"registration" text DEFAULT '' NOT NULL,
	"document_id" text NOT NULL,
	"contents" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"etag" text NOT NULL,
	"updated" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "xapi_activities" ADD CONSTRAINT "xapi_activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_attachments" ADD CONSTRAINT "xapi_attachments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xapi_documents" ADD CONSTRAINT "xapi_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_activities_uq" ON "xapi_activities" USING btree ("tenant_id","activity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_attachments_uq" ON "xapi_attachments" USING btree ("tenant_id","sha2");--> statement-breakpoint
CREATE UNIQUE INDEX "xapi_documents_uq" ON "xapi_documents" USING btree ("tenant_id","kind","activity_id","agent_key","registration","document_id");