import { Button } from "@fluentui/react-components";
import { BusyIndicator } from "../../../ui/BusyIndicator";

type Props = { loading: boolean; children: string; /** The form's id, when the button sits outside it (dialog footers). */ form?: string };

/**
 * The form's primary submit button. While loading it stays focusable (focus is not thrown back
 * to the page) but inert, and shows a spinner.
 */
export function SubmitButton({ loading, children, form }: Props) {
  return (
    <Button
      type="submit"
      form={form}
      appearance="primary"
      disabledFocusable={loading}
      icon={loading ? <BusyIndicator size="tiny" /> : undefined}
      aria-busy={loading || undefined}
    >
      {children}
    </Button>
  );
}
