// Placeholder: replaced by the feature's implementation.
export function LessonPage() { return null; }
