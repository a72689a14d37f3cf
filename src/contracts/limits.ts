/** Business constants and limits from the spec (§9), written once. */
export const LIMITS = {
  ttsMaxChars: 5000,
  vocabularyWords: { default: 10, min: 1, max: 50 },
  historyPageSize: 20,
  bookSearchPageSize: 16,
  notificationsPageSize: 10,
  folderMaxContents: 10,
  folderNameMinChars: 4,
  passwordMinChars: 8,
  passwordMaxChars: 128,
  nameMaxChars: 80,
  emailMaxChars: 254,
} as const;

export const TIMINGS_MS = {
  gamifiedToastInterval: 3000,
  pointNotificationInterval: 1000,
  loginDelay: 1000,
  comingSoonToast: 2000,
  chatAnimation: 500,
} as const;
