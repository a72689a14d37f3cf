import { Input, makeStyles, Spinner, tokens } from "@fluentui/react-components";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/*
 * One math gap of a cloze math question. MathLive's <math-field> (loaded on first use, in its own
 * chunk) edits the formula and gives LaTeX; where it cannot run (no custom elements, an incomplete
 * DOM such as jsdom, a failed chunk) the gap is a plain text box taking LaTeX or plain notation
 * ("2x+1", "3/4", "\frac{3}{4}"), which the server's equivalence check reads as well.
 */

type MathfieldConstructor = typeof import("mathlive").MathfieldElement;

let support: Promise<MathfieldConstructor | null> | null = null;

/** MathLive's element class, or null when a mathfield cannot be built here. Loaded once. */
export function loadMathField(): Promise<MathfieldConstructor | null> {
  support ??= (async () => {
    if (typeof window === "undefined" || !window.customElements) return null;
    try {
      const { MathfieldElement } = await import(/* webpackChunkName: "mathlive" */ "mathlive");
      // Before the first mathfield: fonts from the build's copy, no keypress sounds.
      MathfieldElement.fontsDirectory = "/mathlive/fonts/";
      MathfieldElement.soundsDirectory = null;
      // Building one proves the DOM supports it (jsdom's ElementInternals does not).
      new MathfieldElement();
      return MathfieldElement;
    } catch {
      return null;
    }
  })();
  return support;
}

const useStyles = makeStyles({
  field: {
    display: "inline-block",
    minWidth: "8em",
    maxWidth: "100%",
    verticalAlign: "middle",
    fontSize: tokens.fontSizeBase400,
    "& math-field": {
      minWidth: "8em",
      padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
      borderRadius: tokens.borderRadiusMedium,
      border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
      borderBottomColor: tokens.colorNeutralStrokeAccessible,
      backgroundColor: tokens.colorNeutralBackground1,
    },
    "& math-field:focus-within": { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: "1px" },
  },
  input: { width: "10em", maxWidth: "100%", verticalAlign: "middle" },
});

type Props = {
  /** Accessible name: "Hueco 1". */
  label: string;
  value: string;
  onChange: (latex: string) => void;
  /** Id of the text explaining how to type math in the plain box. */
  hintId?: string | undefined;
};

/** A math gap: MathLive when it runs here, the plain box otherwise. */
export function MathGapField(props: Props) {
  const { t } = useTranslation("questions");
  const [ctor, setCtor] = useState<MathfieldConstructor | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadMathField().then((c) => live && setCtor(() => c));
    return () => {
      live = false;
    };
  }, []);
  if (ctor === undefined) return <Spinner size="tiny" label={t("media.math.loading")} style={{ display: "inline-flex" }} />;
  if (ctor === null) return <PlainMathInput {...props} />;
  return <MathLiveField {...props} ctor={ctor} />;
}

/** Whether math gaps will be MathLive fields (true), plain boxes (false) or are still loading (undefined). */
export function useMathFieldSupport(): boolean | undefined {
  const [supported, setSupported] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadMathField().then((c) => live && setSupported(c !== null));
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

function PlainMathInput({ label, value, onChange, hintId }: Props) {
  const styles = useStyles();
  return (
    <Input
      className={styles.input}
      aria-label={label}
      aria-describedby={hintId}
      value={value}
      maxLength={500}
      spellCheck={false}
      autoComplete="off"
      onChange={(_, d) => onChange(d.value)}
    />
  );
}

function MathLiveField({ label, value, onChange, ctor }: Props & { ctor: MathfieldConstructor }) {
  const styles = useStyles();
  const host = useRef<HTMLSpanElement>(null);
  const field = useRef<InstanceType<MathfieldConstructor> | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  // The element is built once and kept outside React's tree; React only owns its host span.
  useEffect(() => {
    const element = new ctor();
    element.setAttribute("aria-label", label);
    element.smartFence = true;
    element.value = value;
    const onInput = () => onChangeRef.current(element.value);
    element.addEventListener("input", onInput);
    host.current?.appendChild(element);
    field.current = element;
    return () => {
      element.removeEventListener("input", onInput);
      element.remove();
      field.current = null;
    };
    // Built once per mount; label and value are kept in step below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ctor]);

  useEffect(() => {
    field.current?.setAttribute("aria-label", label);
  }, [label]);
  useEffect(() => {
    const element = field.current;
    if (element && element.value !== value) element.value = value;
  }, [value]);

  return <span ref={host} className={styles.field} />;
}
