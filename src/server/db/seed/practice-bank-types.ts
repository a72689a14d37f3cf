import type { QuestionInput } from "../../../contracts/questions";

/** A practice-bank question: `key` is unique within its publication's bank; difficulty 1 easy, 2 medium, 3 hard. */
export type BankQuestion = { key: string; difficulty: 1 | 2 | 3; question: QuestionInput };
