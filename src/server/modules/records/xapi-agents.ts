import crypto from "node:crypto";
import type { Json } from "./xapi-validate";

/*
 * Agents in the record store: the platform's own agents (a user, the platform as authority), the
 * normalised inverse functional identifier kept in xapi_statements.actor_key, and the "ids" format.
 */

export type XapiAgent = { objectType: "Agent"; name: string; account: { homePage: string; name: string } };

/** The agent a platform user is in statements: an account on the platform's public address. */
export function agentForUser(publicUrl: string, user: { id: string; firstName: string; lastName: string }): XapiAgent {
  return {
    objectType: "Agent",
    name: `${user.firstName} ${user.lastName}`.trim(),
    account: { homePage: publicUrl, name: user.id },
  };
}

/** The authority of statements the platform stores itself or on behalf of signed-in users. */
export const platformAuthority = (publicUrl: string): XapiAgent => ({
  objectType: "Agent",
  name: "Aula",
  account: { homePage: publicUrl, name: "aula-platform" },
});

/** The authority of statements stored with a record-store credential. */
export const credentialAuthority = (publicUrl: string, credential: { id: string; name: string }): XapiAgent => ({
  objectType: "Agent",
  name: credential.name,
  account: { homePage: publicUrl, name: `lrs-credential:${credential.id}` },
});

export const accountKey = (homePage: string, name: string): string => `account:${homePage}|${name}`;

/** The normalised IFI of an Agent or identified Group; null for an anonymous Group. */
export function ifiKey(agent: Json): string | null {
  if (typeof agent.mbox === "string") return `mbox:${agent.mbox}`;
  if (typeof agent.mbox_sha1sum === "string") return `mbox_sha1sum:${agent.mbox_sha1sum.toLowerCase()}`;
  if (typeof agent.openid === "string") return `openid:${agent.openid}`;
  const account = agent.account as Json | undefined;
  if (account && typeof account.homePage === "string" && typeof account.name === "string") {
    return accountKey(account.homePage, account.name);
  }
  return null;
}

/** Longest anonymous-Group key kept as written; longer ones are hashed (an index entry holds about 2,700 bytes). */
const GROUP_KEY_MAX_BYTES = 1024;

/**
 * actor_key: the IFI, or for an anonymous Group its sorted members' IFIs (a SHA-256 of them when
 * they are longer than GROUP_KEY_MAX_BYTES: a Group of a thousand members must still fit the index).
 */
export function actorKey(actor: Json): string {
  const key = ifiKey(actor);
  if (key) return key;
  const members = Array.isArray(actor.member) ? (actor.member as Json[]) : [];
  const group = `group:[${members.map((m) => ifiKey(m) ?? "").sort().join(",")}]`;
  if (Buffer.byteLength(group, "utf8") <= GROUP_KEY_MAX_BYTES) return group;
  return `group-sha256:${crypto.createHash("sha256").update(group).digest("hex")}`;
}

/** Only the IFI of an Agent or Group (as JSON), for jsonb containment queries. */
export function ifiOnly(agent: Json): Json {
  for (const key of ["mbox", "mbox_sha1sum", "openid", "account"]) {
    if (key in agent) return { [key]: agent[key] };
  }
  return {};
}

function agentIds(agent: Json): Json {
  const out: Json = { objectType: agent.objectType ?? "Agent", ...ifiOnly(agent) };
  if (agent.objectType === "Group" && Array.isArray(agent.member) && !ifiKey(agent)) {
    out.member = (agent.member as Json[]).map(agentIds);
  }
  return out;
}

const activityIds = (activity: Json): Json => ({ objectType: "Activity", id: activity.id });

function objectIds(object: Json): Json {
  switch (object.objectType ?? "Activity") {
    case "Activity":
      return activityIds(object);
    case "Agent":
    case "Group":
      return agentIds(object);
    case "SubStatement":
      return coreIds(object);
    default:
      return object;
  }
}

function coreIds(s: Json): Json {
  const out: Json = { ...s, actor: agentIds(s.actor as Json), verb: { id: (s.verb as Json).id }, object: objectIds(s.object as Json) };
  if (s.authority) out.authority = agentIds(s.authority as Json);
  const context = s.context as Json | undefined;
  if (context) {
    const ctx: Json = { ...context };
    if (context.instructor) ctx.instructor = agentIds(context.instructor as Json);
    if (context.team) ctx.team = agentIds(context.team as Json);
    const ca = context.contextActivities as Record<string, Json[]> | undefined;
    if (ca) ctx.contextActivities = Object.fromEntries(Object.entries(ca).map(([k, list]) => [k, list.map(activityIds)]));
    out.context = ctx;
  }
  return out;
}

/** The "ids" format: agents, groups, activities and verbs reduced to their identifiers. */
export const statementIds = (statement: Json): Json => coreIds(statement);

/**
 * The Agents resource's Person object (xAPI 1.0.3 Part Three §2.5) for one agent: its identifier
 * and the names it goes by. The record store links no identifiers to one another, so the Person
 * holds the one asked about.
 */
export function personOf(agent: Json, names: string[]): Json {
  const person: Json = { objectType: "Person" };
  const unique = [...new Set(names.filter((n) => n !== ""))];
  if (unique.length > 0) person.name = unique;
  for (const key of ["mbox", "mbox_sha1sum", "openid", "account"]) {
    if (key in agent) person[key] = [agent[key]];
  }
  return person;
}
