import type { Success } from "../../contracts/common";
import { currentEditionSlug } from "./edition";

/**
 * A call made without RTK Query: what the first screens need before RTK Query's chunk is loaded
 * (the edition, its sign-in providers, the sign-in calls; ADR 0031). Same headers as the RTK Query
 * base query (the edition slug, the session's bearer token when there is one), same answers: the
 * unwrapped `data` of the success envelope, or a thrown `{ status, data }` that errorKeyOf reads.
 */
export type CallOptions = {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  /** The bearer token (the session's access token, or a one-time token). */
  token?: string;
};

export async function callApi<T>(path: string, { method = "GET", body, token }: CallOptions = {}): Promise<T> {
  const headers = new Headers({ accept: "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  const edition = currentEditionSlug();
  if (edition) headers.set("x-edition", edition);
  if (body !== undefined) headers.set("content-type", "application/json");
  let response: Response;
  try {
    const url = new URL(`/api${path}`, globalThis.location?.href ?? "http://localhost").toString();
    response = await fetch(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  } catch (error) {
    throw { status: "FETCH_ERROR", error: String(error) };
  }
  const text = await response.text().catch(() => "");
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw { status: "PARSING_ERROR", originalStatus: response.status, data: text };
  }
  if (!response.ok) throw { status: response.status, data: parsed };
  return (parsed as Success<T>).data;
}
