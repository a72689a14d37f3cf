/** pdf-lib's single-file build: the same API as the package entry, typed from it. */
declare module "pdf-lib/dist/pdf-lib.min.js" {
  export * from "pdf-lib";
}
