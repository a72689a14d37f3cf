// Placeholder: replaced by the feature's implementation.
export function RemotePage() { return null; }
