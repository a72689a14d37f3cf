import type { QuestionType } from "../../../../contracts/questions";
import { newLocalId } from "./editors/types";

/*
 * The draft question_data a new question of each type starts from: the shape the type's editor
 * works on, with fresh random ids and empty texts the author fills in. Starters are not valid yet
 * on purpose (empty texts, an image still to choose, gaps still to insert): saving one tells the
 * author what is missing, field by field.
 */

type Draft = Record<string, unknown>;

/** An image the author must still choose (and describe): the schema reports its url and alt. */
export const emptyImage = () => ({ url: "", alt: "" });

const textItems = (n: number) => Array.from({ length: n }, () => ({ id: newLocalId(), text: "" }));
const matching = { caseSensitive: false, accentSensitive: true };

const STARTERS: Record<QuestionType, () => Draft> = {
  QT_1: () => ({
    choices: [
      { id: newLocalId(), text: "", correct: true },
      { id: newLocalId(), text: "", correct: false },
    ],
    shuffle: true,
  }),
  QT_2: () => ({
    choices: [
      { id: newLocalId(), text: "", correct: true },
      { id: newLocalId(), text: "", correct: false },
    ],
    shuffle: true,
  }),
  QT_3: () => ({ correct: true }),
  QT_4: () => ({ words: [{ id: newLocalId(), answer: "" }] }),
  QT_5: () => {
    const columns = textItems(2);
    return { rows: [{ id: newLocalId(), text: "", correctColumnId: columns[0]?.id ?? "" }], columns };
  },
  QT_6: () => {
    const choices = textItems(2);
    return { statements: [{ id: newLocalId(), text: "", choices, correctChoiceId: choices[0]?.id ?? "" }] };
  },
  QT_7: () => ({ text: "", gaps: [], ...matching }),
  QT_8: () => ({ text: "", tokens: [], gaps: [], reuseTokens: false }),
  QT_9: () => ({ text: "", gaps: [] }),
  QT_10: () => ({ image: emptyImage(), labels: [], ...matching }),
  QT_11: () => ({ image: emptyImage(), options: textItems(2), labels: [] }),
  QT_12: () => ({ image: emptyImage(), tokens: [], labels: [], reuseTokens: false }),
  QT_13: () => {
    const categories = textItems(2);
    return {
      categories,
      items: categories.map((c) => ({ id: newLocalId(), text: "", categoryId: c.id })),
    };
  },
  QT_14: () => {
    const matches = textItems(2);
    return { items: matches.map((m) => ({ id: newLocalId(), text: "", matchId: m.id })), matches };
  },
  QT_15: () => ({ items: textItems(3) }),
  QT_16: () => ({ left: textItems(2), right: textItems(2), links: [] }),
  QT_17: () => ({ answers: [""], ...matching }),
  QT_18: () => ({}),
  QT_19: () => ({ accept: ["pdf"], maxFiles: 1 }),
  QT_20: () => ({}),
  QT_21: () => ({ image: emptyImage(), targets: [] }),
};

/** A new draft of a type's question_data, with fresh ids. */
export const starterDraft = (type: QuestionType): Draft => STARTERS[type]();
