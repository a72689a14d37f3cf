import { ChoicesEditor } from "../author-choices";
import type { EditorProps } from "./types";

/* Multiple choice: the choices, which are right (checkboxes) and whether students see them shuffled. */
export default function MultipleChoiceEditor(props: EditorProps) {
  return <ChoicesEditor {...props} multiple />;
}
