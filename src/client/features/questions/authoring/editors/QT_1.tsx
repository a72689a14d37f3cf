import { ChoicesEditor } from "../author-choices";
import type { EditorProps } from "./types";

/* Single choice: the choices, the one right answer (radio buttons) and whether students see them shuffled. */
export default function SingleChoiceEditor(props: EditorProps) {
  return <ChoicesEditor {...props} multiple={false} />;
}
