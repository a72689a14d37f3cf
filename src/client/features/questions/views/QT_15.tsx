import type { QuestionViewProps } from "./types";

/* Placeholder until the view lands. */
export default function View(props: QuestionViewProps<"QT_15">) {
  return <p>{props.label}</p>;
}
