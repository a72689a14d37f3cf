import { Input, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useBasicStyles } from "./basic-parts";

/*
 * The letter boxes of a block-letter word (QT_4). A word is stored as its letters joined, an empty
 * box as a space, trailing spaces trimmed ("G T" = G, empty, T, empty). Typing a letter fills the
 * box and moves on; Backspace clears the box, or on an empty box goes back and clears that one;
 * Delete clears; Space clears and moves on; arrows, Home and End move. Pasting fills the boxes
 * from the one focused. Mobile keyboards and IMEs that send no usable key go through onChange.
 */

const LETTER = /^[\p{L}\p{N}]$/u;

const useStyles = makeStyles({
  boxes: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXS },
  box: { width: "2.5em", minWidth: 0, paddingLeft: 0, paddingRight: 0 },
  boxInput: { textAlign: "center", textTransform: "uppercase", paddingLeft: 0, paddingRight: 0, width: "100%", fontWeight: tokens.fontWeightSemibold },
  staticBox: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: "2em",
    height: "2em",
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStrokeAccessible}`,
    borderRadius: tokens.borderRadiusMedium,
    textTransform: "uppercase",
    fontWeight: tokens.fontWeightSemibold,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

/** The `length` letters of a stored word, "" for an empty box. */
export function lettersOf(value: string | undefined, length: number): string[] {
  const chars = [...(value ?? "")];
  return Array.from({ length }, (_, i) => {
    const c = chars[i];
    return c !== undefined && LETTER.test(c) ? c : "";
  });
}

/** The stored form of a word's letters: empty boxes as spaces, trailing ones trimmed. */
export const joinLetters = (letters: readonly string[]): string => letters.map((l) => (l === "" ? " " : l)).join("").trimEnd();

const lettersIn = (text: string): string[] => [...text.normalize("NFC")].filter((c) => LETTER.test(c));

type LetterBoxesProps = {
  /** 1-based, for the boxes' names ("Word 1, letter 3"). */
  wordNumber: number;
  length: number;
  value: string | undefined;
  onChange: (value: string) => void;
};

/** One input per letter, maxLength 1 each, named "Word n, letter m". */
export function LetterBoxes({ wordNumber, length, value, onChange }: LetterBoxesProps) {
  const styles = useStyles();
  const { t } = useTranslation("questions");
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const letters = lettersOf(value, length);

  const focus = (i: number) => refs.current[Math.max(0, Math.min(length - 1, i))]?.focus();
  const update = (changes: Record<number, string>) => {
    const next = letters.map((l, i) => changes[i] ?? l);
    onChange(joinLetters(next));
  };

  const onKeyDown = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing || e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key;
    if ([...key].length === 1) {
      e.preventDefault();
      const letter = key.normalize("NFC");
      if (LETTER.test(letter)) {
        update({ [i]: letter });
        focus(i + 1);
      } else if (key === " ") {
        update({ [i]: "" });
        focus(i + 1);
      }
      return;
    }
    const moves: Record<string, () => void> = {
      Backspace: () => {
        if (letters[i] !== "") update({ [i]: "" });
        else if (i > 0) {
          update({ [i - 1]: "" });
          focus(i - 1);
        }
      },
      Delete: () => update({ [i]: "" }),
      ArrowLeft: () => focus(i - 1),
      ArrowRight: () => focus(i + 1),
      Home: () => focus(0),
      End: () => focus(length - 1),
    };
    const move = moves[key];
    if (move) {
      e.preventDefault();
      move();
    }
  };

  // Keys the keydown handler could not read (mobile keyboards, IMEs) arrive as a changed value.
  const onValue = (i: number, raw: string) => {
    const typed = lettersIn(raw);
    const last = typed[typed.length - 1];
    if (raw === "") update({ [i]: "" });
    else if (last !== undefined) {
      update({ [i]: last });
      focus(i + 1);
    }
  };

  const onPaste = (i: number) => (e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    const pasted = lettersIn(e.clipboardData.getData("text")).slice(0, length - i);
    if (pasted.length === 0) return;
    update(Object.fromEntries(pasted.map((l, k) => [i + k, l])));
    focus(i + pasted.length);
  };

  return (
    <div className={styles.boxes}>
      {letters.map((letter, i) => (
        <Input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          className={styles.box}
          input={{ className: styles.boxInput }}
          aria-label={t("basic.letterBox", { word: wordNumber, letter: i + 1 })}
          value={letter}
          maxLength={1}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          onFocus={(e) => e.target.select()}
          onKeyDown={onKeyDown(i)}
          onPaste={onPaste(i)}
          onChange={(_, d) => onValue(i, d.value)}
        />
      ))}
    </div>
  );
}

/**
 * A word shown in boxes without inputs (review, projection). The boxes are decoration: screen
 * readers get the word as text (`spoken`), an empty box read as "_".
 */
export function StaticBoxes({ letters, spoken, className }: { letters: readonly string[]; spoken?: string; className?: string }) {
  const styles = useStyles();
  const basic = useBasicStyles();
  return (
    <span className={mergeClasses(styles.boxes, className)}>
      <span className={basic.visuallyHidden}>{spoken ?? letters.map((l) => l || "_").join("")}</span>
      {letters.map((l, i) => (
        <span key={i} aria-hidden className={styles.staticBox}>
          {l}
        </span>
      ))}
    </span>
  );
}
