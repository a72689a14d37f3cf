// Placeholder: replaced by the feature's implementation.
export function SingleActivityPage() { return null; }
export function SingleActivityRecordPage() { return null; }
