import type { EditorProps } from "./types";

/* Placeholder until the editor lands. */
export default function Editor(props: EditorProps) {
  return <p>{props.type}</p>;
}
