// Placeholder: replaced by the feature's implementation.
export function ProjectionPage() { return null; }
export function UnitProjectionPage(_props: { presenter?: boolean }) { return null; }
export function ContentProjectionPage() { return null; }
