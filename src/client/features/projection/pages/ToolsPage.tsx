// Placeholder: replaced by the feature's implementation.
export function ToolsPage() { return null; }
