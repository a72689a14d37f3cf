// Placeholder: replaced by the feature's implementation.
export function ViewerPage() { return null; }
export function FullViewerPage() { return null; }
