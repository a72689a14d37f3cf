CREATE TABLE "assistant_passage_vectors" (
	"content_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"tenant_id" uuid NOT NULL,
	"model" text NOT NULL,
	"embedding" real[] NOT NULL,
	CONSTRAINT "assistant_passage_vectors_content_id_ordinal_pk" PRIMARY KEY("content_id","ordinal")
);
--> statement-breakpoint
ALTER TABLE "assistant_indexed" ADD COLUMN "embedded_model" text;--> statement-breakpoint
ALTER TABLE "assistant_passage_vectors" ADD CONSTRAINT "assistant_passage_vectors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assistant_passage_vectors" ADD CONSTRAINT "assistant_passage_vectors_passage_fk" FOREIGN KEY ("content_id","ordinal") REFERENCES "public"."assistant_passages"("content_id","ordinal") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assistant_passage_vectors_tenant_idx" ON "assistant_passage_vectors" USING btree ("tenant_id","model");