import { Radio, RadioGroup } from "@fluentui/react-components";
import { render as renderDom, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRef, useState, type ReactNode, type Ref } from "react";
import { I18nextProvider } from "react-i18next";
import { AuthField } from "../../src/client/features/auth/components/AuthField";
import { PasswordInput } from "../../src/client/features/auth/components/PasswordInput";
import { TextInput, type TextInputChangeData } from "../../src/client/features/auth/components/TextInput";
import type { FieldProblem } from "../../src/client/features/auth/validation";
import { makeTestI18n } from "../support/render";

/*
 * The sign-in forms' own field, input and password input (they replace Fluent's Field, Label and
 * Input on the login route): what Fluent's Field gave the reader must still be there.
 */

function EmailField({ problem, hint, onValue }: { problem?: FieldProblem; hint?: string; onValue?: (data: TextInputChangeData) => void }) {
  const [email, setEmail] = useState("");
  return (
    <AuthField label="Email" problem={problem} hint={hint}>
      <TextInput
        type="email"
        name="email"
        value={email}
        onChange={(_, d) => {
          onValue?.(d);
          setEmail(d.value);
        }}
      />
    </AuthField>
  );
}

/** Only what the fields need (the app's translations, in English): no store, router or network. */
const i18n = makeTestI18n("en");
const render = (ui: ReactNode) => renderDom(ui, { wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider> });

describe("AuthField with TextInput", () => {
  it("labels the input: clicking the label focuses it", async () => {
    render(<EmailField />);
    const user = userEvent.setup();
    const input = screen.getByLabelText(/^email/i);
    expect(input.tagName).toBe("INPUT");
    expect(input).toHaveAccessibleName("Email");
    await user.click(screen.getByText("Email"));
    expect(input).toHaveFocus();
  });

  it("is required by default, with the asterisk hidden from screen readers", () => {
    render(<EmailField />);
    const input = screen.getByLabelText(/^email/i);
    expect(input).toBeRequired();
    expect(screen.getByText("*")).toHaveAttribute("aria-hidden", "true");
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).not.toHaveAttribute("aria-describedby");
  });

  it("marks a problem: aria-invalid, described by the visible translated message, announced", () => {
    render(<EmailField problem={{ key: "validation.emailInvalid" }} />);
    const input = screen.getByLabelText(/^email/i);
    expect(input).toHaveAttribute("aria-invalid", "true");
    const message = screen.getByRole("alert");
    expect(message).toHaveTextContent("Email not valid");
    expect(message).toBeVisible();
    expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    expect(input).toHaveAccessibleDescription("Email not valid");
    expect(input.closest(".auth-input")).toHaveClass("auth-input--invalid");
  });

  it("describes with the message first, then the hint; the hint alone is not an alert", () => {
    const { rerender } = render(<EmailField hint="We never share it." />);
    const input = screen.getByLabelText(/^email/i);
    expect(input).toHaveAccessibleDescription("We never share it.");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    rerender(<EmailField hint="We never share it." problem={{ key: "validation.required" }} />);
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription("This field is required We never share it.");
  });

  it("calls onChange with Fluent's (event, { value })", async () => {
    const onValue = jest.fn();
    render(<EmailField onValue={onValue} />);
    const user = userEvent.setup();
    const input = screen.getByLabelText(/^email/i);
    await user.type(input, "ab");
    expect(onValue).toHaveBeenLastCalledWith({ value: "ab" });
    expect(input).toHaveValue("ab");
  });

  it("gives its ref the input itself (the page focuses the first invalid field with it)", () => {
    const ref = createRef<HTMLInputElement>();
    render(
      <AuthField label="Email" problem={undefined}>
        <TextInput ref={ref} name="email" />
      </AuthField>,
    );
    expect(ref.current).toBe(screen.getByLabelText(/^email/i));
    ref.current?.focus();
    expect(screen.getByLabelText(/^email/i)).toHaveFocus();
  });

  it("names a control a label cannot name (a radio group) with aria-labelledby", () => {
    render(
      <AuthField label="Who are you?" problem={{ key: "validation.roleRequired" }}>
        <RadioGroup>
          <Radio value="teacher" label="I am a teacher" />
          <Radio value="student" label="I am a student" />
        </RadioGroup>
      </AuthField>,
    );
    const group = screen.getByRole("radiogroup", { name: "Who are you?" });
    expect(group).toHaveAttribute("aria-required", "true");
    expect(group).toHaveAttribute("aria-invalid", "true");
    expect(group).toHaveAccessibleDescription("Choose whether you are a teacher or a student");
  });
});

describe("PasswordInput", () => {
  function PasswordField({ inputRef }: { inputRef?: Ref<HTMLInputElement> }) {
    const [password, setPassword] = useState("");
    return (
      <AuthField label="Password" problem={undefined}>
        <PasswordInput ref={inputRef} name="password" value={password} onChange={(_, d) => setPassword(d.value)} />
      </AuthField>
    );
  }

  it("shows and hides the password with a pressed toggle button", async () => {
    render(<PasswordField />);
    const user = userEvent.setup();
    const input = screen.getByLabelText(/^password/i);
    await user.type(input, "secret");
    expect(input).toHaveAttribute("type", "password");
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(toggle).toHaveAttribute("type", "button");
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(input).toHaveAttribute("type", "text");
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(input).toHaveValue("secret");
    await user.click(toggle);
    expect(input).toHaveAttribute("type", "password");
    expect(toggle).toHaveAttribute("aria-pressed", "false");
  });

  it("is labelled by its field and gives its ref the input", async () => {
    const ref = createRef<HTMLInputElement>();
    render(<PasswordField inputRef={ref} />);
    const input = screen.getByLabelText(/^password/i);
    expect(ref.current).toBe(input);
    await userEvent.setup().click(screen.getByText("Password"));
    expect(input).toHaveFocus();
  });
});
