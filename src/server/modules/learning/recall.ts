import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from "ts-fsrs";

/**
 * Recall per student and knowledge component with FSRS (the `ts-fsrs` package, the scheduler of
 * Anki and others): each KC is a card whose stability and difficulty follow the student's answers,
 * giving the predicted recall now and the day the next review is due. BKT (bkt.ts) says whether a
 * KC was learnt; this says whether it is still remembered. Pure functions over a stored card.
 */

/** Spec: 'review needed' when predicted recall falls below 0.7. */
export const REVIEW_BELOW = 0.7;
/** Reviews are scheduled for when recall has fallen to 90% (FSRS's default desired retention). */
export const DESIRED_RETENTION = 0.9;

/**
 * Day-based scheduling only: no learning steps of minutes (a KC is practised in sessions, not
 * flipped like a flash card), and no fuzz (the same answers give the same schedule).
 */
const scheduler = fsrs(generatorParameters({ request_retention: DESIRED_RETENTION, enable_fuzz: false, learning_steps: [], relearning_steps: [] }));

/** A card as stored (JSON): dates as ISO strings. */
export type StoredCard = {
  due: string;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: "new" | "learning" | "review" | "relearning";
  lastReview: string | null;
};

const STATES: Record<State, StoredCard["state"]> = {
  [State.New]: "new",
  [State.Learning]: "learning",
  [State.Review]: "review",
  [State.Relearning]: "relearning",
};
const STATE_OF: Record<StoredCard["state"], State> = { new: State.New, learning: State.Learning, review: State.Review, relearning: State.Relearning };

function toStored(card: Card): StoredCard {
  return {
    due: card.due.toISOString(),
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATES[card.state],
    lastReview: card.last_review ? card.last_review.toISOString() : null,
  };
}

function toCard(stored: StoredCard): Card {
  const card = createEmptyCard(new Date(stored.due));
  return {
    ...card,
    due: new Date(stored.due),
    stability: stored.stability,
    difficulty: stored.difficulty,
    scheduled_days: stored.scheduledDays,
    learning_steps: stored.learningSteps,
    reps: stored.reps,
    lapses: stored.lapses,
    state: STATE_OF[stored.state],
    last_review: stored.lastReview ? new Date(stored.lastReview) : undefined,
  };
}

/** A KC never practised: due now. */
export const newCard = (now: Date): StoredCard => toStored(createEmptyCard(now));

/**
 * An answer's grade: right at the first try is Good, right with help (a hint, a second try, part
 * of the marks) is Hard, wrong is Again. FSRS's Easy is never inferred from a single item.
 */
export function gradeOf(answer: { fraction: number; helped: boolean }): Grade {
  if (answer.fraction >= 0.999) return answer.helped ? Rating.Hard : Rating.Good;
  if (answer.fraction >= 0.5) return Rating.Hard;
  return Rating.Again;
}

/** Whether a day (YYYY-MM-DD in the school's zone) is a holiday of the student's calendar. */
export type IsHoliday = (day: Date) => boolean;

/**
 * The card after an answer at `at`, its next review moved past holidays (issue 15: the school
 * calendar's holidays are excluded from the schedule) to the first school day after them.
 */
export function review(stored: StoredCard, grade: Grade, at: Date, isHoliday: IsHoliday = () => false): StoredCard {
  const { card } = scheduler.next(toCard(stored), at, grade);
  let due = card.due;
  for (let i = 0; i < 366 && isHoliday(due); i++) due = new Date(due.getTime() + 86_400_000);
  return toStored({ ...card, due });
}

/** Predicted recall (0..1) at `at`; 0 for a KC never reviewed. */
export function recallAt(stored: StoredCard, at: Date): number {
  if (stored.state === "new" || !stored.lastReview) return 0;
  return scheduler.get_retrievability(toCard(stored), at, false);
}

/** Spec alert 'review needed': reviewed before, and its predicted recall is now below 0.7. */
export const reviewNeeded = (stored: StoredCard, at: Date): boolean => stored.state !== "new" && recallAt(stored, at) < REVIEW_BELOW;
