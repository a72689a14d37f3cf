/**
 * The spec's constants as plain values, without zod, so the client's first load can use them
 * (zod is ~24 KiB gzip). common.ts builds the schemas from these.
 */

/** Build version string shown by the product (spec §1). */
export const APP_VERSION = "2025.10.31";

export const LANGUAGES = ["es", "ca", "eu", "en", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "es";
/** One of the platform's languages, or the default for anything else (a stored locale, a tenant's setting). */
export const languageOr = (value: string | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : fallback;

export const ROLES = ["teacher", "coteacher", "student", "school_admin", "editorial"] as const;
export type Role = (typeof ROLES)[number];
/** Roles that write content (lessons, questions): the server lets only them author, the client offers its editors only to them. */
export const AUTHOR_ROLES: readonly Role[] = ["teacher", "coteacher", "editorial", "school_admin"];

export const COUNTRIES = ["ES", "BR", "US"] as const;
export type Country = (typeof COUNTRIES)[number];

/** Stable error keys. The client translates them; the server message is only a fallback for logs. */
export const ERROR_KEYS = [
  "VALIDATION_ERROR",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "RATE_LIMITED",
  "TOO_MANY_ATTEMPTS",
  "INTERNAL_ERROR",
  "INVALID_LOGIN",
  "PASSWORD_INCORRECT",
  "USER_NOT_FOUND",
  "USER_ALREADY_EXISTS",
  "CURRENT_PASSWORD_INCORRECT",
  "PASSWORD_CHANGE_FAILED",
  "RESET_LINK_INVALID",
  "LOGIN_TOKEN_INVALID",
  "SESSION_EXPIRED",
  "TENANT_NOT_FOUND",
  "TEAMS_SSO_NOT_CONFIGURED",
  "TEAMS_TOKEN_INVALID",
  "TEAMS_TENANT_UNKNOWN",
  "TEAMS_USER_UNKNOWN",
  "CODE_NOT_FOUND",
  "CODE_ALREADY_LINKED",
  "CODE_EXPIRED",
  "CODE_TYPE_NOT_FOUND",
  "INVALID_LICENSE",
  "LICENSE_ROLE_CONSTRAINT",
  "LICENSE_NO_MORE_USES",
  "LICENSE_ALREADY_ADDED",
  "NO_ACTIVE_LICENSE",
  "COURSE_CREATION_DISABLED",
  "GROUP_CREATION_DISABLED",
  "CLASS_KEY_NOT_FOUND",
  "CLASS_KEY_EXPIRED",
  "CLASS_KEY_STUDENTS_ONLY",
  "PUBLICATION_ALREADY_ASSIGNED",
  "PUBLICATION_NOT_AVAILABLE",
  "ALREADY_MEMBER",
  "COTEACHER_NOT_TEACHER",
  "MEMBER_NOT_REMOVABLE",
  "STREAM_NOT_ALLOWED",
  "CONTENT_NOT_AVAILABLE",
  "CONTENT_DELETED",
  "ACTIVITY_NOT_AVAILABLE",
  "CONTENT_TYPE_NOT_AUTHORABLE",
  "FILE_REQUIRED",
  "FILE_TOO_LARGE",
  "FILE_TYPE_NOT_ALLOWED",
  "PACKAGE_INVALID",
  "PUBLISH_AT_IN_PAST",
  "LESSON_NOT_IN_COURSE",
  "PROJECTION_URL_USED",
  "ATTEMPTS_EXHAUSTED",
  "ASSESSMENT_CLOSED",
  "ATTEMPT_SUBMITTED",
  "PROJECTION_EXPIRED",
  "CONFLICT",
  "PRECONDITION_FAILED",
  "PRECONDITION_REQUIRED",
  "CALENDAR_RANGE_TOO_LONG",
  "EXTRA_CLASS_TOO_LONG",
  "TASK_ITEM_NOT_ASSIGNABLE",
  "TASK_STUDENT_NOT_IN_CLASS",
  "TASK_MAX_SCORE_LOCKED",
  "JOB_GRADED",
  "JOB_NOT_DELIVERED",
  "JOB_IS_ASSESSMENT",
  "JOB_REMOVED",
  "JOB_FILES_REQUIRED",
  "JOB_FILES_LIMIT",
  "JOB_SCORE_OUT_OF_RANGE",
  "KANBAN_BOARD_FULL",
  "ANALYTICS_NOT_AVAILABLE",
  "PRACTICE_NO_ACTIVITIES",
  "PRACTICE_KC_NOT_IN_CLASS",
  "PRACTICE_ACTIVITY_FINISHED",
  "PRACTICE_SESSION_INCOMPLETE",
  "PRACTICE_SESSION_COMPLETED",
  "AI_UNAVAILABLE",
  "AI_BUDGET_EXHAUSTED",
  "AI_PROVIDER_ERROR",
  "AI_OUTPUT_BLOCKED",
  "TOOL_TEXT_TOO_LONG",
  "TOOL_NO_CRITERIA",
  "TOOL_NOTHING_TO_REVIEW",
  "TOOL_TEXT_TOO_SHORT",
  "CHATBOT_DISABLED",
  "CHAT_INPUT_BLOCKED",
  "TTS_NO_TEXT",
  "TTS_TEXT_TOO_LONG",
  "TTS_FAILED",
  "CHAT_IMAGE_TYPE",
  "CHAT_IMAGE_TOO_LARGE",
  "WEB_SEARCH_UNAVAILABLE",
  "GAMIFICATION_OFF",
  "MEDAL_NOT_MANUAL",
  "NOT_ENOUGH_CURRENCY",
  "ITEM_ALREADY_OWNED",
  "ITEM_NOT_OWNED",
] as const;
export type ErrorKey = (typeof ERROR_KEYS)[number];
