// Placeholder: replaced by the feature's implementation.
export function ScormResultsPage() { return null; }
export function ScormIndividualPage() { return null; }
export function XapiResultsPage() { return null; }
export function XapiIndividualPage() { return null; }
