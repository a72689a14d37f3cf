import { INPUT_LIMITS } from "../../../contracts/common";
import { bool, extensions, fitsBytes, invalid, iri, isDuration, isLanguageTag, languageMap, MAILTO_RE, num, obj, only, SHA1_RE, str, timestampValue, uuid, VERSION_RE, type Json } from "./xapi-values";

/*
 * xAPI 1.0.3 statement validation (Part Two §2.4 and Part Three). Every failure is a 400
 * VALIDATION_ERROR whose message and details name the offending property by its path, e.g.
 * "statement.context.registration must be a UUID". Unknown properties are refused at every level.
 */

export const VOIDED_VERB = "http://adlnet.gov/expapi/verbs/voided";

export const INTERACTION_TYPES = [
  "true-false",
  "choice",
  "fill-in",
  "long-fill-in",
  "matching",
  "performance",
  "sequencing",
  "likert",
  "numeric",
  "other",
] as const;

/** Which interaction component lists each interaction type may carry. */
const COMPONENT_LISTS: Record<string, readonly string[]> = {
  choice: ["choices"],
  sequencing: ["choices"],
  likert: ["scale"],
  matching: ["source", "target"],
  performance: ["steps"],
};

const IFI_KEYS = ["mbox", "mbox_sha1sum", "openid", "account"] as const;

/** Checks the inverse functional identifiers present on an Agent or Group; returns how many. */
function ifis(o: Json, path: string): number {
  let count = 0;
  for (const key of IFI_KEYS) {
    if (!(key in o)) continue;
    count += 1;
    const v = o[key];
    if (key === "mbox" && !(typeof v === "string" && MAILTO_RE.test(v))) throw invalid(`${path}.mbox`, 'must be a "mailto:" IRI');
    if (key === "mbox" && !fitsBytes(v as string, INPUT_LIMITS.iriBytes)) throw invalid(`${path}.mbox`, `must be at most ${INPUT_LIMITS.iriBytes} bytes`);
    if (key === "mbox_sha1sum" && !(typeof v === "string" && SHA1_RE.test(v))) {
      throw invalid(`${path}.mbox_sha1sum`, "must be 40 hexadecimal characters");
    }
    if (key === "openid") iri(v, `${path}.openid`);
    if (key === "account") {
      const account = obj(v, `${path}.account`);
      only(account, `${path}.account`, ["homePage", "name"]);
      iri(account.homePage, `${path}.account.homePage`);
      if (typeof account.name !== "string" || account.name === "") throw invalid(`${path}.account.name`, "must be a non-empty string");
      if (!fitsBytes(account.name, INPUT_LIMITS.accountNameBytes)) throw invalid(`${path}.account.name`, `must be at most ${INPUT_LIMITS.accountNameBytes} bytes`);
    }
  }
  return count;
}

export function validateAgent(v: unknown, path: string, requireObjectType = false): void {
  const o = obj(v, path);
  if (requireObjectType || "objectType" in o) {
    if (o.objectType !== "Agent") throw invalid(`${path}.objectType`, 'must be "Agent"');
  }
  only(o, path, ["objectType", "name", ...IFI_KEYS]);
  if ("name" in o) str(o.name, `${path}.name`);
  if (ifis(o, path) !== 1) throw invalid(path, "must have exactly one inverse functional identifier (mbox, mbox_sha1sum, openid or account)");
}

export function validateGroup(v: unknown, path: string): void {
  const o = obj(v, path);
  if (o.objectType !== "Group") throw invalid(`${path}.objectType`, 'must be "Group"');
  only(o, path, ["objectType", "name", "member", ...IFI_KEYS]);
  if ("name" in o) str(o.name, `${path}.name`);
  const count = ifis(o, path);
  if (count > 1) throw invalid(path, "must have at most one inverse functional identifier");
  if ("member" in o) {
    if (!Array.isArray(o.member)) throw invalid(`${path}.member`, "must be an array of Agents");
    if (o.member.length > INPUT_LIMITS.groupMembers) throw invalid(`${path}.member`, `must hold at most ${INPUT_LIMITS.groupMembers} Agents`);
    o.member.forEach((m, i) => validateAgent(m, `${path}.member[${i}]`));
  }
  if (count === 0 && (!Array.isArray(o.member) || o.member.length === 0)) {
    throw invalid(`${path}.member`, "is required for an anonymous Group (one without an identifier)");
  }
}

/** An actor, authority or instructor: an Agent (objectType optional) or a Group. */
export function validateAgentOrGroup(v: unknown, path: string): void {
  const o = obj(v, path);
  if (o.objectType === "Group") validateGroup(o, path);
  else validateAgent(o, path);
}

/**
 * An authority (Part Two §2.4.9): an Agent, or for OAuth a Group of exactly two Agents (the
 * application and the user), which must be anonymous: an identified Group cannot vouch for a statement.
 */
function validateAuthority(v: unknown, path: string): void {
  validateAgentOrGroup(v, path);
  const o = v as Json;
  if (o.objectType !== "Group") return;
  if (IFI_KEYS.some((key) => key in o)) throw invalid(path, "must be an Agent or an anonymous Group: an identified Group cannot be an authority");
  if (!Array.isArray(o.member) || o.member.length !== 2) throw invalid(`${path}.member`, "must hold exactly two Agents (an OAuth application and its user)");
}

function validateVerb(v: unknown, path: string): void {
  const o = obj(v, path);
  only(o, path, ["id", "display"]);
  iri(o.id, `${path}.id`);
  if ("display" in o) languageMap(o.display, `${path}.display`);
}

function interactionComponents(v: unknown, path: string): void {
  if (!Array.isArray(v)) throw invalid(path, "must be an array of interaction components");
  const seen = new Set<string>();
  v.forEach((c, i) => {
    const p = `${path}[${i}]`;
    const o = obj(c, p);
    only(o, p, ["id", "description"]);
    const id = str(o.id, `${p}.id`);
    if (id === "" || /\s/.test(id)) throw invalid(`${p}.id`, "must be a non-empty string without whitespace");
    if (seen.has(id)) throw invalid(`${p}.id`, "must be unique within the list");
    seen.add(id);
    if ("description" in o) languageMap(o.description, `${p}.description`);
  });
}

function validateDefinition(v: unknown, path: string): void {
  const o = obj(v, path);
  only(o, path, [
    "name",
    "description",
    "type",
    "moreInfo",
    "extensions",
    "interactionType",
    "correctResponsesPattern",
    "choices",
    "scale",
    "source",
    "target",
    "steps",
  ]);
  if ("name" in o) languageMap(o.name, `${path}.name`);
  if ("description" in o) languageMap(o.description, `${path}.description`);
  if ("type" in o) iri(o.type, `${path}.type`);
  if ("moreInfo" in o) iri(o.moreInfo, `${path}.moreInfo`);
  if ("extensions" in o) extensions(o.extensions, `${path}.extensions`);
  const type = o.interactionType;
  if ("interactionType" in o && !(INTERACTION_TYPES as readonly unknown[]).includes(type)) {
    throw invalid(`${path}.interactionType`, `must be one of ${INTERACTION_TYPES.join(", ")}`);
  }
  if ("correctResponsesPattern" in o) {
    if (type === undefined) throw invalid(`${path}.correctResponsesPattern`, "requires interactionType");
    const pattern = o.correctResponsesPattern;
    if (!Array.isArray(pattern) || pattern.some((p) => typeof p !== "string")) {
      throw invalid(`${path}.correctResponsesPattern`, "must be an array of strings");
    }
  }
  for (const list of ["choices", "scale", "source", "target", "steps"]) {
    if (!(list in o)) continue;
    if (type === undefined) throw invalid(`${path}.${list}`, "requires interactionType");
    if (!(COMPONENT_LISTS[type as string] ?? []).includes(list)) {
      throw invalid(`${path}.${list}`, `is not allowed for interactionType "${String(type)}"`);
    }
    interactionComponents(o[list], `${path}.${list}`);
  }
}

export function validateActivity(v: unknown, path: string): void {
  const o = obj(v, path);
  if ("objectType" in o && o.objectType !== "Activity") throw invalid(`${path}.objectType`, 'must be "Activity"');
  only(o, path, ["objectType", "id", "definition"]);
  iri(o.id, `${path}.id`);
  if ("definition" in o) validateDefinition(o.definition, `${path}.definition`);
}

function validateStatementRef(v: unknown, path: string): void {
  const o = obj(v, path);
  only(o, path, ["objectType", "id"]);
  if (o.objectType !== "StatementRef") throw invalid(`${path}.objectType`, 'must be "StatementRef"');
  uuid(o.id, `${path}.id`);
}

function validateObject(v: unknown, path: string, inSubStatement: boolean): void {
  const o = obj(v, path);
  const type = "objectType" in o ? o.objectType : "Activity";
  switch (type) {
    case "Activity":
      return validateActivity(o, path);
    case "Agent":
      return validateAgent(o, path, true);
    case "Group":
      return validateGroup(o, path);
    case "StatementRef":
      return validateStatementRef(o, path);
    case "SubStatement":
      if (inSubStatement) throw invalid(`${path}.objectType`, "a SubStatement cannot contain another SubStatement");
      return validateSubStatement(o, path);
    default:
      throw invalid(`${path}.objectType`, "must be Activity, Agent, Group, StatementRef or SubStatement");
  }
}

function validateResult(v: unknown, path: string): void {
  const o = obj(v, path);
  only(o, path, ["score", "success", "completion", "response", "duration", "extensions"]);
  if ("score" in o) {
    const p = `${path}.score`;
    const score = obj(o.score, p);
    only(score, p, ["scaled", "raw", "min", "max"]);
    if ("scaled" in score) {
      const scaled = num(score.scaled, `${p}.scaled`);
      if (scaled < -1 || scaled > 1) throw invalid(`${p}.scaled`, "must be between -1 and 1");
    }
    const min = "min" in score ? num(score.min, `${p}.min`) : undefined;
    const max = "max" in score ? num(score.max, `${p}.max`) : undefined;
    if (min !== undefined && max !== undefined && !(min < max)) throw invalid(`${p}.min`, "must be less than score.max");
    if ("raw" in score) {
      const raw = num(score.raw, `${p}.raw`);
      if (min !== undefined && raw < min) throw invalid(`${p}.raw`, "must not be less than score.min");
      if (max !== undefined && raw > max) throw invalid(`${p}.raw`, "must not be greater than score.max");
    }
  }
  if ("success" in o) bool(o.success, `${path}.success`);
  if ("completion" in o) bool(o.completion, `${path}.completion`);
  if ("response" in o) str(o.response, `${path}.response`);
  if ("duration" in o && !isDuration(o.duration)) throw invalid(`${path}.duration`, "must be an ISO 8601 duration");
  if ("extensions" in o) extensions(o.extensions, `${path}.extensions`);
}

const CONTEXT_ACTIVITY_KEYS = ["parent", "grouping", "category", "other"] as const;

function validateContext(v: unknown, path: string, objectIsActivity: boolean): void {
  const o = obj(v, path);
  only(o, path, ["registration", "instructor", "team", "contextActivities", "revision", "platform", "language", "statement", "extensions"]);
  if ("registration" in o) uuid(o.registration, `${path}.registration`);
  if ("instructor" in o) validateAgentOrGroup(o.instructor, `${path}.instructor`);
  if ("team" in o) validateGroup(o.team, `${path}.team`);
  if ("contextActivities" in o) {
    const p = `${path}.contextActivities`;
    const ca = obj(o.contextActivities, p);
    only(ca, p, CONTEXT_ACTIVITY_KEYS);
    for (const [key, value] of Object.entries(ca)) {
      if (Array.isArray(value)) value.forEach((a, i) => validateActivity(a, `${p}.${key}[${i}]`));
      else validateActivity(value, `${p}.${key}`);
    }
  }
  for (const key of ["revision", "platform"] as const) {
    if (!(key in o)) continue;
    str(o[key], `${path}.${key}`);
    if (!objectIsActivity) throw invalid(`${path}.${key}`, "is only allowed when the object is an Activity");
  }
  if ("language" in o && !(typeof o.language === "string" && isLanguageTag(o.language))) {
    throw invalid(`${path}.language`, "must be an RFC 5646 language tag");
  }
  if ("statement" in o) validateStatementRef(o.statement, `${path}.statement`);
  if ("extensions" in o) extensions(o.extensions, `${path}.extensions`);
}

function validateAttachments(v: unknown, path: string): void {
  if (!Array.isArray(v)) throw invalid(path, "must be an array");
  v.forEach((a, i) => {
    const p = `${path}[${i}]`;
    const o = obj(a, p);
    only(o, p, ["usageType", "display", "description", "contentType", "length", "sha2", "fileUrl"]);
    iri(o.usageType, `${p}.usageType`);
    languageMap(o.display, `${p}.display`);
    if ("description" in o) languageMap(o.description, `${p}.description`);
    str(o.contentType, `${p}.contentType`);
    if (!Number.isInteger(o.length) || (o.length as number) < 0) throw invalid(`${p}.length`, "must be a non-negative integer");
    const sha2 = str(o.sha2, `${p}.sha2`);
    if (sha2 === "" || /\s/.test(sha2)) throw invalid(`${p}.sha2`, "must be the hexadecimal SHA-2 hash of the attachment's data");
    // Without fileUrl the data must come in the request (the routes check the multipart parts).
    if ("fileUrl" in o) iri(o.fileUrl, `${p}.fileUrl`);
  });
}

function objectIsActivity(o: Json): boolean {
  const object = o.object as Json;
  return !("objectType" in object) || object.objectType === "Activity";
}

function validateSubStatement(o: Json, path: string): void {
  for (const forbidden of ["id", "stored", "version", "authority"]) {
    if (forbidden in o) throw invalid(`${path}.${forbidden}`, "is not allowed in a SubStatement");
  }
  only(o, path, ["objectType", "actor", "verb", "object", "result", "context", "timestamp", "attachments"]);
  validateCore(o, path, true);
}

function validateCore(o: Json, path: string, inSubStatement: boolean): void {
  if (!("actor" in o)) throw invalid(`${path}.actor`, "is required");
  validateAgentOrGroup(o.actor, `${path}.actor`);
  if (!("verb" in o)) throw invalid(`${path}.verb`, "is required");
  validateVerb(o.verb, `${path}.verb`);
  if (!("object" in o)) throw invalid(`${path}.object`, "is required");
  validateObject(o.object, `${path}.object`, inSubStatement);
  if ("result" in o) validateResult(o.result, `${path}.result`);
  if ("context" in o) validateContext(o.context, `${path}.context`, objectIsActivity(o));
  if ("timestamp" in o) timestampValue(o.timestamp, `${path}.timestamp`);
  if ("attachments" in o) validateAttachments(o.attachments, `${path}.attachments`);
}

/** Validates one statement as sent by a client; throws a 400 naming the first offending property. */
export function validateStatement(v: unknown, path = "statement"): Json {
  const o = obj(v, path);
  only(o, path, ["id", "actor", "verb", "object", "result", "context", "timestamp", "stored", "authority", "version", "attachments"]);
  if ("id" in o) uuid(o.id, `${path}.id`);
  validateCore(o, path, false);
  if ("stored" in o) timestampValue(o.stored, `${path}.stored`);
  if ("authority" in o) validateAuthority(o.authority, `${path}.authority`);
  if ("version" in o && !(typeof o.version === "string" && VERSION_RE.test(o.version))) {
    throw invalid(`${path}.version`, "must be a 1.0.x version");
  }
  const verb = o.verb as Json;
  if (verb.id === VOIDED_VERB) {
    const object = o.object as Json;
    if (object.objectType !== "StatementRef") throw invalid(`${path}.object.objectType`, 'must be "StatementRef" for a voiding statement');
  }
  return o;
}

export { invalid, isIri, isSupportedVersion, isTimestamp, isUuid, type Json } from "./xapi-values";
