/** The success envelope every route answers with: `{ status: "success", data }`. */
export const success = <T>(data: T): { status: "success"; data: T } => ({ status: "success", data });
